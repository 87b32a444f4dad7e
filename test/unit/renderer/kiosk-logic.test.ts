import { describe, expect, it } from 'vitest';
import type { EventView, TierView } from '../../../src/renderer/src/api/types.js';
import { AttendantTerminal } from '../../../src/renderer/src/lib/attendant-terminal.js';
import { idleState } from '../../../src/renderer/src/lib/idle-timer.js';
import {
  codeUnlocksAny,
  kioskBuyer,
  kioskEvents,
  kioskTiers,
} from '../../../src/renderer/src/lib/kiosk-offer.js';

const now = Date.parse('2026-12-01T12:00:00Z');
const event = {
  id: 'evt_1',
  status: 'published',
  on_sale_at: '2026-11-01T00:00:00Z',
  doors_at: '2026-12-24T19:00:00Z',
} as EventView;
const tier = (fields: Partial<TierView>): TierView =>
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
    ...fields,
  }) as TierView;
const tiers = [
  tier({ name: 'Standard' }),
  tier({ name: 'Members', visibility: 'access_code', access_code: 'JAZZ24' }),
  tier({ name: 'Crew', visibility: 'access_code', access_code: 'CREW' }),
  tier({ name: 'Press', visibility: 'unlisted' }),
];

describe('what the kiosk offers', () => {
  it('public tiers only, plus the access-code tiers the exact code opens; never unlisted', () => {
    expect(kioskTiers(tiers, event, '', now).map((t) => t.tier.name)).toEqual(['Standard']);
    expect(kioskTiers(tiers, event, 'jazz24', now).map((t) => t.tier.name)).toEqual(['Standard']);
    const opened = kioskTiers(tiers, event, ' JAZZ24 ', now);
    expect(opened.map((t) => [t.tier.name, t.unlocked])).toEqual([
      ['Standard', false],
      ['Members', true],
    ]);
    expect(codeUnlocksAny(tiers, 'CREW')).toBe(true);
    expect(codeUnlocksAny(tiers, 'nope')).toBe(false);
    expect(codeUnlocksAny(tiers, '  ')).toBe(false);
  });

  it('caps the quantity at the lower of max_per_order and what is left', () => {
    const [few] = kioskTiers([tier({ name: 'Few', sold: 8 })], event, '', now);
    expect(few?.sale.maxQuantity).toBe(2);
    const [many] = kioskTiers([tier({ name: 'Many' })], event, '', now);
    expect(many?.sale.maxQuantity).toBe(4);
    const [gone] = kioskTiers([tier({ name: 'Gone', sold: 10 })], event, '', now);
    expect(gone?.sale).toMatchObject({ sellable: false, label: 'Sold out' });
  });

  it('lists published events already on sale, soonest doors first', () => {
    const later = { ...event, id: 'evt_2', doors_at: '2026-12-31T20:00:00Z' };
    const draft = { ...event, id: 'evt_3', status: 'draft' } as EventView;
    const notYet = { ...event, id: 'evt_4', on_sale_at: '2026-12-05T00:00:00Z' };
    expect(kioskEvents([later, draft, notYet, event], now).map((e) => e.id)).toEqual(['evt_1', 'evt_2']);
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

  it('settles with what the attendant taps, and shows the pending amount meanwhile', async () => {
    const terminal = new AttendantTerminal(() => 42);
    let changes = 0;
    terminal.subscribe(() => changes++);
    const approved = terminal.requestPayment(amount);
    expect(terminal.pending).toEqual({ amount, startedAt: 42 });
    terminal.approve();
    await expect(approved).resolves.toBe('approved');
    expect(terminal.pending).toBeNull();
    const declined = terminal.requestPayment(amount);
    terminal.decline();
    await expect(declined).resolves.toBe('declined');
    expect(changes).toBe(4);
  });

  it('the customer cancelling (abort) settles as cancelled; a late tap changes nothing', async () => {
    const terminal = new AttendantTerminal();
    const abort = new AbortController();
    const paying = terminal.requestPayment(amount, abort.signal);
    abort.abort();
    await expect(paying).resolves.toBe('cancelled');
    terminal.approve();
    expect(terminal.pending).toBeNull();
  });

  it('a new request replaces a stale one, which counts as cancelled', async () => {
    const terminal = new AttendantTerminal();
    const first = terminal.requestPayment(amount);
    const second = terminal.requestPayment({ ...amount, reference: 'till_2' });
    await expect(first).resolves.toBe('cancelled');
    expect(terminal.pending?.amount.reference).toBe('till_2');
    terminal.approve();
    await expect(second).resolves.toBe('approved');
  });
});
