import { describe, expect, it } from 'vitest';
import { tierSaleState } from '../../../src/renderer/src/lib/tier-sale-state.js';

const now = Date.parse('2026-11-22T12:00:00Z');
const tier = { quantity: 100, sold: 40, sale_starts_at: null, sale_ends_at: null, max_per_order: 10 };
const event = { status: 'published' as const, on_sale_at: '2026-11-01T00:00:00Z', timezone: 'UTC' };

describe('tierSaleState', () => {
  it('sells an open tier, at most max_per_order or what is left', () => {
    expect(tierSaleState(tier, event, now)).toMatchObject({
      kind: 'on_sale',
      sellable: true,
      remaining: 60,
      maxQuantity: 10,
    });
    expect(tierSaleState({ ...tier, sold: 97 }, event, now)).toMatchObject({ remaining: 3, maxQuantity: 3 });
  });

  it('closes a sold-out tier', () => {
    expect(tierSaleState({ ...tier, sold: 100 }, event, now)).toMatchObject({
      kind: 'sold_out',
      sellable: false,
      maxQuantity: 0,
      label: 'Sold out',
    });
  });

  it('honours the sale window: before the start, and from the end on', () => {
    const later = { ...tier, sale_starts_at: '2026-11-23T00:00:00Z' };
    expect(tierSaleState(later, event, now)).toMatchObject({ kind: 'not_yet', sellable: false });
    expect(tierSaleState({ ...tier, sale_ends_at: '2026-11-22T12:00:00Z' }, event, now)).toMatchObject({
      kind: 'ended',
      label: 'Sales closed',
    });
    expect(tierSaleState({ ...tier, sale_ends_at: '2026-11-22T12:00:01Z' }, event, now).sellable).toBe(true);
  });

  it('checks the event first, as checkout does', () => {
    const soldOut = { ...tier, sold: 100 };
    expect(tierSaleState(soldOut, { ...event, status: 'draft' }, now).kind).toBe('event_draft');
    expect(tierSaleState(tier, { ...event, status: 'cancelled' }, now).kind).toBe('event_cancelled');
    expect(tierSaleState(tier, { ...event, on_sale_at: '2026-12-01T00:00:00Z' }, now).kind).toBe(
      'event_not_yet',
    );
  });

  it("says when a closed tile opens on the event's clock, naming the zone on a till elsewhere", () => {
    // A Berlin show set up on a till whose clock is New York's (or a laptop left on UTC).
    const berlin = { ...event, timezone: 'Europe/Berlin', on_sale_at: '2026-12-01T09:00:00Z' };
    expect(tierSaleState(tier, berlin, now, 'America/New_York').label).toBe('Event on sale 1 Dec, 10:00 CET');
    expect(tierSaleState(tier, berlin, now, 'Europe/Berlin').label).toBe('Event on sale 1 Dec, 10:00');
    const later = { ...tier, sale_starts_at: '2027-03-28T01:00:00Z' };
    // 03:00 summer time, the first minute after the clocks go forward that night.
    expect(tierSaleState(later, { ...berlin, on_sale_at: event.on_sale_at }, now, 'UTC').label).toBe(
      'Opens 28 Mar, 03:00 CEST',
    );
  });
});
