import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/renderer/src/api/types.js';
import {
  dayRange,
  mergeNewest,
  noFilters,
  ordersQuery,
  ordersTimeZone,
} from '../../../src/renderer/src/lib/order-list.js';

const order = (id: string, refunded = 0): OrderView => ({
  id,
  event_id: 'evt_1',
  status: refunded ? 'partially_refunded' : 'paid',
  buyer: null,
  total_cents: 2500,
  refunded_cents: refunded,
  currency: 'usd',
  payment_method: 'cash',
  channel: 'till',
  comp_reason: null,
  shift_id: null,
  tickets: [],
  refunds: [],
  created_at: '2026-11-28T20:00:00.000Z',
});

describe('dayRange', () => {
  it('is the local day from midnight to the next midnight', () => {
    const range = dayRange('2026-11-28')!;
    expect(new Date(range.created_gte).getHours()).toBe(0);
    expect(new Date(range.created_gte).getDate()).toBe(28);
    expect(new Date(range.created_lt).getDate()).toBe(29);
    expect(new Date(range.created_lt).getHours()).toBe(0);
  });

  it("is the venue's day on its clock, 23 or 25 hours long the nights the clocks change", () => {
    // A till in New York filtering a Berlin club's orders by Berlin's 28 March.
    expect(dayRange('2027-03-28', 'Europe/Berlin')).toEqual({
      created_gte: '2027-03-27T23:00:00.000Z',
      created_lt: '2027-03-28T22:00:00.000Z',
    });
    expect(dayRange('2027-10-31', 'Europe/Berlin')).toEqual({
      created_gte: '2027-10-30T22:00:00.000Z',
      created_lt: '2027-10-31T23:00:00.000Z',
    });
    // Santiago skips midnight when its clocks go forward: the day starts at 01:00 there.
    expect(dayRange('2027-09-05', 'America/Santiago')?.created_gte).toBe('2027-09-05T04:00:00.000Z');
    expect(ordersQuery({ ...noFilters, day: '2027-03-28' }, '', 'Europe/Berlin')).toEqual({
      created_gte: '2027-03-27T23:00:00.000Z',
      created_lt: '2027-03-28T22:00:00.000Z',
    });
  });

  it("reads days and sale times on the venue's clock, whatever show is chosen; before the settings are read, the one all events share, else the till's", () => {
    const events = [
      { id: 'evt_club', timezone: 'Europe/Berlin' },
      { id: 'evt_tour', timezone: 'Europe/Berlin' },
    ];
    const touring = [...events, { id: 'evt_ny', timezone: 'America/New_York' }];
    // A Berlin venue selling a New York show: its sales happened at Berlin's tills.
    expect(ordersTimeZone('Europe/Berlin', touring, 'UTC')).toBe('Europe/Berlin');
    expect(ordersTimeZone('Europe/Berlin', [{ timezone: 'America/New_York' }], 'UTC')).toBe('Europe/Berlin');
    expect(ordersTimeZone(undefined, events, 'America/New_York')).toBe('Europe/Berlin');
    expect(ordersTimeZone(null, touring, 'UTC')).toBe('UTC');
    expect(ordersTimeZone(undefined, [], 'Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('is null for no day or a day that does not exist', () => {
    expect(dayRange('')).toBeNull();
    expect(dayRange('2026-02-30')).toBeNull();
    expect(dayRange('28/11/2026')).toBeNull();
  });
});

describe('ordersQuery', () => {
  it('sends only the filters set', () => {
    expect(ordersQuery(noFilters, '')).toEqual({});
    expect(ordersQuery({ ...noFilters, eventId: 'evt_1', paymentMethod: 'card' }, 'ada')).toEqual({
      q: 'ada',
      event_id: 'evt_1',
      payment_method: 'card',
    });
    expect(Object.keys(ordersQuery({ ...noFilters, day: '2026-11-28' }, ''))).toEqual([
      'created_gte',
      'created_lt',
    ]);
    // The Shift screen's "This shift's orders".
    expect(ordersQuery({ ...noFilters, shiftId: 'shf_1' }, '')).toEqual({ shift_id: 'shf_1' });
  });
});

describe('mergeNewest', () => {
  it('puts new orders on top and refreshes the ones shown', () => {
    const shown = [order('ord_2'), order('ord_1')];
    const merged = mergeNewest(shown, [order('ord_4'), order('ord_3'), order('ord_2', 500)]);
    expect(merged.list.map((o) => o.id)).toEqual(['ord_4', 'ord_3', 'ord_2', 'ord_1']);
    expect(merged.list[2]!.refunded_cents).toBe(500);
    expect(merged).toMatchObject({ added: 2, gap: false, changed: true });
  });

  it('changes nothing when nothing is new', () => {
    const shown = [order('ord_2'), order('ord_1')];
    const merged = mergeNewest(shown, [order('ord_2'), order('ord_1')]);
    expect(merged).toMatchObject({ added: 0, gap: false, changed: false });
    expect(merged.list[0]).toBe(shown[0]);
  });

  it('reports a gap when the whole page is new', () => {
    expect(mergeNewest([order('ord_1')], [order('ord_3'), order('ord_2')])).toMatchObject({
      added: 2,
      gap: true,
    });
    // Nothing shown yet is not a gap: the page is the list.
    expect(mergeNewest([], [order('ord_1')])).toMatchObject({ added: 1, gap: false });
    expect(mergeNewest([order('ord_1')], [])).toMatchObject({ added: 0, gap: false });
  });
});
