import { describe, expect, it } from 'vitest';
import { tierSaleState } from '../../../src/renderer/src/lib/tier-sale-state.js';

const now = Date.parse('2026-11-22T12:00:00Z');
const tier = { quantity: 100, sold: 40, sale_starts_at: null, sale_ends_at: null, max_per_order: 10 };
const event = { status: 'published' as const, on_sale_at: '2026-11-01T00:00:00Z' };

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
});
