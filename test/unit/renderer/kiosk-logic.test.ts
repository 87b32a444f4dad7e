import { describe, expect, it } from 'vitest';
import type { EventView, OfferTierView, OfferView } from '../../../src/renderer/src/api/types.js';
import { AttendantTerminal } from '../../../src/renderer/src/lib/attendant-terminal.js';
import { idleState } from '../../../src/renderer/src/lib/idle-timer.js';
import { kioskBuyer, kioskEvents, kioskTiers } from '../../../src/renderer/src/lib/kiosk-offer.js';

const now = Date.parse('2026-12-01T12:00:00Z');
const event = {
  id: 'evt_1',
  status: 'published',
  on_sale_at: '2026-11-01T00:00:00Z',
  doors_at: '2026-12-24T19:00:00Z',
} as EventView;
const tier = (fields: Partial<OfferTierView>): OfferTierView =>
  ({
    id: `tkt_${fields.name}`,
    event_id: 'evt_1',
    price_cents: 1000,
    currency: 'usd',
    quantity: 10,
    sold: 0,
    sale_starts_at: null,
    sale_ends_at: null,
    max_per_order: 4,
    visibility: 'public',
    access_code: null,
    unlocked: false,
    sale_state: 'on_sale',
    available: 10,
    ...fields,
  }) as OfferTierView;
const offerOf = (tiers: OfferTierView[]): OfferView => ({
  object: 'offer',
  event,
  tiers,
  has_access_code_tiers: true,
  kiosk_attendant_pin_set: true,
});

describe('what the kiosk offers', () => {
  it('shows what the server offered, marking the tiers a code unlocked', () => {
    const offer = offerOf([
      tier({ name: 'Standard' }),
      tier({ name: 'Members', visibility: 'access_code', unlocked: true }),
    ]);
    expect(kioskTiers(offer, now).map((t) => [t.tier.name, t.unlocked, t.sale.sellable])).toEqual([
      ['Standard', false, true],
      ['Members', true, true],
    ]);
  });

  it('caps the quantity at the lower of max_per_order and what is left', () => {
    const [few] = kioskTiers(offerOf([tier({ name: 'Few', sold: 8 })]), now);
    expect(few?.sale.maxQuantity).toBe(2);
    const [many] = kioskTiers(offerOf([tier({ name: 'Many' })]), now);
    expect(many?.sale.maxQuantity).toBe(4);
    const [gone] = kioskTiers(offerOf([tier({ name: 'Gone', sold: 10 })]), now);
    expect(gone?.sale).toMatchObject({ sellable: false, label: 'Sold out' });
  });

  it('lists published events already on sale, soonest doors first', () => {
    const later = { ...event, id: 'evt_2', doors_at: '2026-12-31T20:00:00Z' };
    const draft = { ...event, id: 'evt_3', status: 'draft' } as EventView;
    const notYet = { ...event, id: 'evt_4', on_sale_at: '2026-12-05T00:00:00Z' };
    expect(kioskEvents([later, draft, notYet, event], now).map((e) => e.id)).toEqual(['evt_1', 'evt_2']);
  });

  it("never offers a show that is over, not even last night's still published one", () => {
    const lastNight = { ...event, id: 'evt_5', doors_at: '2026-11-30T19:00:00Z' };
    const thisMorning = { ...event, id: 'evt_6', doors_at: '2026-12-01T00:30:00Z' };
    // Doors seventeen hours ago: over. Doors eleven and a half hours ago: still tonight's.
    expect(kioskEvents([lastNight, thisMorning, event], now).map((e) => e.id)).toEqual(['evt_6', 'evt_1']);
  });

  it('needs an email for a card order and names an anonymous customer honestly', () => {
    expect(kioskBuyer('', '').problems['buyer.email']).toMatch(/email/);
    expect(kioskBuyer('', 'not-an-email').buyer).toBeNull();
    expect(kioskBuyer('', ' ada@example.com ').buyer).toEqual({
      name: 'Kiosk guest',
      email: 'ada@example.com',
    });
    expect(kioskBuyer(' Ada ', 'ada@example.com').buyer).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('refuses, before the card is charged, what the server would refuse after', () => {
    // Found by QA: the card was approved, then the order refused and the attendant left refunding.
    expect(kioskBuyer('', 'zoë@example..com').problems['buyer.email']).toMatch(/does not look like an email/);
    // An address in another script is an address (RFC 6531; the domain goes out as punycode).
    expect(kioskBuyer('', 'zoë@müller.de').buyer).toEqual({ name: 'Kiosk guest', email: 'zoë@müller.de' });
    expect(kioskBuyer('', 'name@example.com.').buyer).toBeNull();
    const long = kioskBuyer('A'.repeat(201), 'ada@example.com');
    expect(long.buyer).toBeNull();
    expect(long.problems['buyer.name']).toBe('Please shorten your name to 200 characters or fewer.');
    // Characters as the server counts them: 200 emoji are 200, not 400 UTF-16 units.
    expect(kioskBuyer('🎷'.repeat(200), 'ada@example.com').buyer?.name).toBe('🎷'.repeat(200));
    expect(kioskBuyer('مرحبا 🎺 Zoë', 'ada@example.com').buyer?.name).toBe('مرحبا 🎺 Zoë');
  });
});

describe('the idle rule', () => {
  it('counts down the last 10 s of the minute and expires at 60 s', () => {
    expect(idleState(0, 49_999)).toEqual({ secondsLeft: 11, warning: false, expired: false });
    expect(idleState(0, 50_000)).toEqual({ secondsLeft: 10, warning: true, expired: false });
    expect(idleState(0, 59_001)).toEqual({ secondsLeft: 1, warning: true, expired: false });
    expect(idleState(0, 60_000)).toEqual({ secondsLeft: 0, warning: false, expired: true });
    expect(idleState(0, 90_000).expired).toBe(true);
  });
});

describe('the attendant terminal', () => {
  const amount = { cents: 5000, currency: 'usd', reference: 'till_1' };
  /** The server's answer to a PIN, as the kiosk store's check sees it (tested against the server in test/http/kiosk-store.test.ts). */
  const pinIs =
    (right: string) =>
    async (pin: string): Promise<void> => {
      if (pin !== right) throw new Error('That is not the attendant PIN.');
    };

  it('approves only with the right PIN; a wrong one leaves the payment waiting', async () => {
    const terminal = new AttendantTerminal(pinIs('4829'), () => 42);
    let changes = 0;
    terminal.subscribe(() => changes++);
    const approved = terminal.requestPayment(amount);
    expect(terminal.pending).toEqual({ amount, startedAt: 42 });
    expect(await terminal.approve('1111')).toBe('That is not the attendant PIN.');
    expect(terminal.pending).toEqual({ amount, startedAt: 42 });
    expect(await terminal.approve('4829')).toBeNull();
    await expect(approved).resolves.toBe('approved');
    expect(terminal.pending).toBeNull();
    const declined = terminal.requestPayment(amount);
    terminal.decline();
    await expect(declined).resolves.toBe('declined');
    expect(changes).toBe(4);
  });

  it('the customer cancelling (abort) settles as cancelled; a late approval changes nothing', async () => {
    const terminal = new AttendantTerminal(pinIs('4829'));
    const abort = new AbortController();
    const paying = terminal.requestPayment(amount, abort.signal);
    abort.abort();
    await expect(paying).resolves.toBe('cancelled');
    expect(await terminal.approve('4829')).toBe('No payment is waiting.');
    expect(terminal.pending).toBeNull();
  });

  it('a payment cancelled while its PIN is being checked stays cancelled', async () => {
    let release: () => void = () => undefined;
    const slowCheck = () => new Promise<void>((resolve) => (release = resolve));
    const terminal = new AttendantTerminal(slowCheck);
    const abort = new AbortController();
    const paying = terminal.requestPayment(amount, abort.signal);
    const approving = terminal.approve('4829');
    abort.abort();
    release();
    expect(await approving).toBe('This payment was cancelled.');
    await expect(paying).resolves.toBe('cancelled');
  });

  it('a new request replaces a stale one, which counts as cancelled', async () => {
    const terminal = new AttendantTerminal(pinIs('4829'));
    const first = terminal.requestPayment(amount);
    const second = terminal.requestPayment({ ...amount, reference: 'till_2' });
    await expect(first).resolves.toBe('cancelled');
    expect(terminal.pending?.amount.reference).toBe('till_2');
    expect(await terminal.approve('4829')).toBeNull();
    await expect(second).resolves.toBe('approved');
  });
});
