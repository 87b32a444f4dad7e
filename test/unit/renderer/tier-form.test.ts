import { describe, expect, it } from 'vitest';
import type { TierView } from '../../../src/renderer/src/api/types.js';
import {
  deleteBlocker,
  effectiveSaleStart,
  parseTierForm,
  saleWindowWords,
  tierChanges,
  tierEntryWords,
  tierToForm,
  tierWindowWarning,
} from '../../../src/renderer/src/lib/tier-form.js';

const tier: TierView = {
  id: 'tkt_1',
  event_id: 'evt_1',
  name: 'General admission',
  price_cents: 2500,
  currency: 'usd',
  quantity: 200,
  sold: 3,
  comps: 0,
  voided: 0,
  sale_starts_at: null,
  sale_ends_at: '2026-12-24T18:00:00.000Z',
  max_per_order: 8,
  visibility: 'public',
  access_code: null,
  paper_pass: true,
  created_at: '2026-11-22T12:00:00.000Z',
};

describe('tier form', () => {
  it('parses every field into the API body', () => {
    const parsed = parseTierForm(
      {
        name: ' VIP ',
        price: '40.5',
        quantity: '20',
        visibility: 'access_code',
        access_code: ' SECRET ',
        sale_starts_at: '',
        sale_ends_at: '',
        max_per_order: '2',
        paper_pass: false,
      },
      { currency: 'usd', timezone: 'UTC' },
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.body).toEqual({
      name: 'VIP',
      price_cents: 4050,
      quantity: 20,
      visibility: 'access_code',
      access_code: 'SECRET',
      sale_starts_at: null,
      sale_ends_at: null,
      max_per_order: 2,
      paper_pass: false,
    });
  });

  it('refuses text that is not a number and the schema’s bounds; below sold as last read, in words', () => {
    const parsed = parseTierForm(
      { ...tierToForm(undefined, 'UTC'), price: 'free', quantity: '1.5', max_per_order: '' },
      { currency: 'usd', timezone: 'UTC' },
    );
    expect(parsed.body).toBeNull();
    expect(Object.keys(parsed.errors).sort()).toEqual(['max_per_order', 'name', 'price', 'quantity']);
    // Below what was sold when last read: said before asking (the tills keep selling meanwhile).
    expect(
      parseTierForm({ ...tierToForm(tier, 'UTC'), quantity: '6' }, { currency: 'usd', timezone: 'UTC' }, 7)
        .errors,
    ).toEqual({
      quantity: '7 already sold: the quantity cannot be lower.',
    });
    expect(
      parseTierForm({ ...tierToForm(tier, 'UTC'), quantity: '7' }, { currency: 'usd', timezone: 'UTC' }, 7)
        .body,
    ).toMatchObject({
      quantity: 7,
    });
    // A sale since then is the server's to refuse: sent as typed.
    expect(
      parseTierForm({ ...tierToForm(tier, 'UTC'), quantity: '1' }, { currency: 'usd', timezone: 'UTC' }).body,
    ).toMatchObject({ quantity: 1 });
  });

  it('sends an access code only with access-code visibility, and asks for one there', () => {
    expect(
      parseTierForm({ ...tierToForm(tier, 'UTC'), access_code: 'X' }, { currency: 'usd', timezone: 'UTC' })
        .body?.access_code,
    ).toBeNull();
    expect(
      parseTierForm(
        { ...tierToForm(tier, 'UTC'), visibility: 'access_code', access_code: '  ' },
        { currency: 'usd', timezone: 'UTC' },
      ).errors,
    ).toEqual({ access_code: 'Give the code buyers will type.' });
  });

  it('patches only what changed, including clearing a sale window', () => {
    const form = tierToForm(tier, 'UTC');
    expect(tierChanges(tier, parseTierForm(form, { currency: 'usd', timezone: 'UTC' }).body!)).toEqual({});
    const changed = parseTierForm(
      { ...form, price: '30', sale_ends_at: '' },
      { currency: 'usd', timezone: 'UTC' },
    ).body!;
    expect(tierChanges(tier, changed)).toEqual({ price_cents: 3000, sale_ends_at: null });
  });

  it('reads and shows prices in the currency’s own units: yen have no decimals, dinars three', () => {
    const yen: TierView = { ...tier, price_cents: 2500, currency: 'jpy' };
    expect(tierToForm(yen, 'UTC').price).toBe('2500');
    expect(
      parseTierForm({ ...tierToForm(yen, 'UTC'), price: '3,000' }, { currency: 'jpy', timezone: 'UTC' }).body
        ?.price_cents,
    ).toBe(3000);
    const refused = parseTierForm(
      { ...tierToForm(yen, 'UTC'), price: '25.00' },
      { currency: 'jpy', timezone: 'UTC' },
    );
    expect(refused.body).toBeNull();
    expect(refused.errors.price).toBe(
      '“25.00” has decimals, and JPY amounts have none: type whole JPY, like 2500.',
    );
    const dinar: TierView = { ...tier, price_cents: 1250, currency: 'kwd' };
    expect(tierToForm(dinar, 'UTC').price).toBe('1.250');
    expect(
      parseTierForm({ ...tierToForm(dinar, 'UTC'), price: '12.5' }, { currency: 'kwd', timezone: 'UTC' }).body
        ?.price_cents,
    ).toBe(12500);
  });

  it('reads a price as every typed amount is, and says why an unclear or foreign one is refused', () => {
    const usd = { currency: 'usd', timezone: 'UTC' };
    const price = (text: string, event = usd) =>
      parseTierForm({ ...tierToForm(tier, 'UTC'), price: text }, event);
    expect(price('1 234,50').body?.price_cents).toBe(123450);
    expect(price('1.234,50').body?.price_cents).toBe(123450);
    expect(price("1'234.50").body?.price_cents).toBe(123450);
    expect(price('1.234')).toEqual({
      body: null,
      errors: {
        price:
          '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
      },
    });
    expect(price('£40').errors.price).toBe(
      '“£40” is in pounds, and amounts here are in US dollars (USD): type the price of one ticket in US dollars, like 25.00.',
    );
    expect(price('40 Swiss francs').errors.price).toBe(
      '“40 Swiss francs” is in Swiss francs, and amounts here are in US dollars (USD): type the price of one ticket in US dollars, like 25.00.',
    );
    expect(price('-40').errors.price).toBe(
      '“-40” is below zero: type the price of one ticket without a minus, like 25.00.',
    );
    expect(price('').errors.price).toBe('Enter a price like 25.00.');
    const dinars = { currency: 'kwd', timezone: 'UTC' };
    expect(price('7,500', dinars).errors.price).toBe(
      '“7,500” is unclear: in KWD a comma may group thousands or start the 3 decimals. For KWD\u00a07,500.000 type 7500; for KWD\u00a07.500 type 7.500.',
    );
    expect(price('7.500', dinars).body?.price_cents).toBe(7500);
  });

  it('says why a sold tier cannot be deleted', () => {
    expect(deleteBlocker({ sold: 0 })).toBeNull();
    expect(deleteBlocker({ sold: 3 })).toContain('3 sold');
  });

  it('paper passes: on for a new tier, read from a tier, sent in a PATCH only when switched, shown in words', () => {
    expect(tierToForm(undefined, 'UTC').paper_pass).toBe(true);
    expect(tierToForm({ ...tier, paper_pass: false }, 'UTC').paper_pass).toBe(false);
    const phoneOnly = parseTierForm(
      { ...tierToForm(tier, 'UTC'), paper_pass: false },
      { currency: 'usd', timezone: 'UTC' },
    ).body!;
    expect(tierChanges(tier, phoneOnly)).toEqual({ paper_pass: false });
    expect(
      tierChanges(tier, parseTierForm(tierToForm(tier, 'UTC'), { currency: 'usd', timezone: 'UTC' }).body!),
    ).toEqual({});
    expect(tierEntryWords(tier)).toBe('phone or printed ticket');
    expect(tierEntryWords({ paper_pass: false })).toBe('phone only');
  });

  it("reads and writes the sale window on the event's clock, not the till's", () => {
    const newYork = { currency: 'usd', timezone: 'America/New_York' };
    // 18:00 UTC on 24 Dec is 13:00 in New York.
    const form = tierToForm(tier, newYork.timezone);
    expect(form.sale_ends_at).toBe('2026-12-24T13:00');
    expect(tierChanges(tier, parseTierForm(form, newYork).body!)).toEqual({});
    const later = parseTierForm({ ...form, sale_ends_at: '2026-12-24T18:30' }, newYork).body!;
    expect(tierChanges(tier, later)).toEqual({ sale_ends_at: '2026-12-24T23:30:00.000Z' });
    expect(
      parseTierForm({ ...form, sale_starts_at: '2026-03-08T02:30' }, newYork).errors.sale_starts_at,
    ).toMatch(/02:30 does not exist on 8 Mar 2026 in New York time/);
  });
});

describe('the sale window in the form’s words', () => {
  it('refuses a window that ends before it starts at the end field, not as "sale_ends_at must be after…"', () => {
    const form = {
      ...tierToForm(tier, 'UTC'),
      sale_starts_at: '2026-12-20T18:00',
      sale_ends_at: '2026-12-20T17:00',
    };
    const parsed = parseTierForm(form, { currency: 'usd', timezone: 'UTC' });
    expect(parsed.body).toBeNull();
    expect(parsed.errors.sale_ends_at).toBe('Sales must end after they start.');
    const fine = parseTierForm(
      { ...form, sale_ends_at: '2026-12-20T19:00' },
      { currency: 'usd', timezone: 'UTC' },
    );
    expect(fine.errors).toEqual({});
    // One bound alone is a window open on the other side.
    expect(
      parseTierForm({ ...form, sale_starts_at: '' }, { currency: 'usd', timezone: 'UTC' }).errors,
    ).toEqual({});
  });
});

describe('a tier window that misses the event’s selling time', () => {
  // On sale 1 Dec 10:00, doors 24 Dec 19:00, on the venue's clock (UTC here).
  const event = {
    on_sale_at: '2026-12-01T10:00:00.000Z',
    doors_at: '2026-12-24T19:00:00.000Z',
    timezone: 'UTC',
  };
  const form = (starts: string, ends: string) => ({
    ...tierToForm(tier, 'UTC'),
    sale_starts_at: starts,
    sale_ends_at: ends,
  });

  it('warns when sales end before the event goes on sale: nothing can ever be sold', () => {
    expect(tierWindowWarning(form('', '2026-11-30T18:00'), event)).toMatch(
      /^Sales of this tier end Mon, 30 Nov 2026, 18:00( \S+)?, at or before the event goes on sale \(Tue, 1 Dec 2026, 10:00( \S+)?\): nothing can be sold in it\./,
    );
    // Ending at the very minute the event goes on sale sells nothing either (the end is exclusive).
    // …and says so: "end 10:00, before … (10:00)" read as a contradiction.
    expect(tierWindowWarning(form('', '2026-12-01T10:00'), event)).toMatch(
      /^Sales of this tier end Tue, 1 Dec 2026, 10:00( \S+)?, at or before the event goes on sale \(Tue, 1 Dec 2026, 10:00( \S+)?\)/,
    );
  });

  it('warns when sales start at or after the doors: nothing can be bought ahead', () => {
    expect(tierWindowWarning(form('2026-12-25T10:00', ''), event)).toMatch(
      /^Sales of this tier start Fri, 25 Dec 2026, 10:00( \S+)?, at or after the doors \(Thu, 24 Dec 2026, 19:00( \S+)?\): nothing can be bought ahead\./,
    );
    expect(tierWindowWarning(form('2026-12-24T19:00', ''), event)).toMatch(
      /^Sales of this tier start Thu, 24 Dec 2026, 19:00( \S+)?, at or after the doors \(Thu, 24 Dec 2026, 19:00( \S+)?\)/,
    );
  });

  it('says nothing for a window inside the selling time, or reaching past either end of it', () => {
    expect(tierWindowWarning(form('', ''), event)).toBeNull();
    expect(tierWindowWarning(form('2026-12-10T10:00', '2026-12-24T18:00'), event)).toBeNull();
    // Starting before on-sale sells from on-sale; ending after doors sells at the door.
    expect(tierWindowWarning(form('2026-11-20T10:00', '2026-12-25T01:00'), event)).toBeNull();
  });

  it('reads the second 02:30 of the night the clocks go back when the seller picks it, and shows a saved one as picked', () => {
    const berlin = { currency: 'eur', timezone: 'Europe/Berlin' };
    const typed = {
      ...tierToForm(undefined, berlin.timezone),
      name: 'Late',
      price: '10',
      sale_ends_at: '2027-10-31T02:30',
    };
    // 02:30 CEST (+02:00) first, 02:30 CET (+01:00) an hour later.
    expect(parseTierForm(typed, berlin).body?.sale_ends_at).toBe('2027-10-31T00:30:00.000Z');
    const second = parseTierForm({ ...typed, picks: { sale_ends_at: 'second' } }, berlin).body!;
    expect(second.sale_ends_at).toBe('2027-10-31T01:30:00.000Z');
    // Opened again, the saved second 02:30 is shown picked, so saving unchanged changes nothing.
    const saved = { ...tier, currency: 'eur', sale_ends_at: second.sale_ends_at ?? null };
    const again = tierToForm(saved, berlin.timezone);
    expect(again.sale_ends_at).toBe('2027-10-31T02:30');
    expect(again.picks?.sale_ends_at).toBe('second');
    expect(tierChanges(saved, parseTierForm(again, berlin).body!)).toEqual({});
  });

  it('says nothing while a time cannot be read (its field says why)', () => {
    expect(tierWindowWarning(form('soon', 'later'), event)).toBeNull();
  });

  it('reads the times on the event’s clock', () => {
    // 18:00 in New York on 1 Dec is 23:00 UTC: after an on-sale at 22:00 UTC, before one at 23:30.
    const newYork = { ...event, timezone: 'America/New_York' };
    expect(
      tierWindowWarning(form('', '2026-12-01T18:00'), { ...newYork, on_sale_at: '2026-12-01T22:00:00Z' }),
    ).toBeNull();
    expect(
      tierWindowWarning(form('', '2026-12-01T18:00'), { ...newYork, on_sale_at: '2026-12-01T23:30:00Z' }),
    ).not.toBeNull();
  });
});

describe('the tiers table’s sale window', () => {
  const event = { on_sale_at: '2026-12-01T10:00:00.000Z', timezone: 'UTC' };

  it('starts with the event’s on-sale time, not "now", when the tier has no start of its own', () => {
    expect(effectiveSaleStart({ sale_starts_at: null }, event)).toEqual({
      iso: event.on_sale_at,
      fromEvent: true,
    });
    expect(
      saleWindowWords({ sale_starts_at: null, sale_ends_at: '2026-12-24T18:00:00.000Z' }, event),
    ).toMatch(/^Tue, 1 Dec 2026, 10:00( \S+)? \(event on sale\) → Thu, 24 Dec 2026, 18:00( \S+)?$/);
  });

  it('a start of its own before the event’s on-sale is the on-sale too; a later one is its own', () => {
    expect(effectiveSaleStart({ sale_starts_at: '2026-11-20T10:00:00.000Z' }, event).fromEvent).toBe(true);
    expect(effectiveSaleStart({ sale_starts_at: '2026-12-10T10:00:00.000Z' }, event)).toEqual({
      iso: '2026-12-10T10:00:00.000Z',
      fromEvent: false,
    });
    expect(
      saleWindowWords({ sale_starts_at: '2026-12-10T10:00:00.000Z', sale_ends_at: null }, event),
    ).toMatch(/^Thu, 10 Dec 2026, 10:00( \S+)? → no end$/);
  });

  it('says nothing for a tier with no window: it sells whenever the event does', () => {
    expect(saleWindowWords({ sale_starts_at: null, sale_ends_at: null }, event)).toBeNull();
  });
});
