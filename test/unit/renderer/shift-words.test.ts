import { describe, expect, it } from 'vitest';
import type { ShiftView } from '../../../src/renderer/src/api/types.js';
import { failed, idle, loading, ready } from '../../../src/renderer/src/lib/loadable.js';
import {
  cashOutsideShift,
  countedWords,
  endedElsewhereWords,
  lateSalesWords,
  leftOpenWords,
  openShiftWords,
  shiftCurrency,
} from '../../../src/renderer/src/lib/shift-words.js';

const shift = { id: 'shf_1', opened_at: '2026-12-31T19:02:00.000Z' } as ShiftView;

describe('cashOutsideShift', () => {
  it('warns only when someone is signed in and the server said no shift is open', () => {
    expect(cashOutsideShift(true, ready(null))).toBe(true);
    expect(cashOutsideShift(true, ready(shift))).toBe(false);
    // A till with no staff counts no drawers; an unknown shift is no reason to alarm anyone.
    expect(cashOutsideShift(false, ready(null))).toBe(false);
    expect(cashOutsideShift(true, idle())).toBe(false);
    expect(cashOutsideShift(true, loading())).toBe(false);
    expect(cashOutsideShift(true, failed('offline'))).toBe(false);
  });
});

describe('endedElsewhereWords', () => {
  it('names the shift and says what it means for the sales made since', () => {
    expect(endedElsewhereWords(shift, 'UTC', 'UTC')).toMatch(
      /^The shift opened .* \(shf_1\) was closed on another till or screen\. Sales made here since are in no shift; open a new one before taking cash\.$/,
    );
  });

  it('says when it opened on the venue’s clock, naming it on a till in another zone', () => {
    expect(endedElsewhereWords(shift, 'Europe/Berlin', 'America/New_York')).toContain(
      'The shift opened Thu, 31 Dec 2026, 20:02 CET (shf_1)',
    );
    expect(endedElsewhereWords(shift, 'Europe/Berlin', 'Europe/Berlin')).toContain(
      'The shift opened Thu, 31 Dec 2026, 20:02 (shf_1)',
    );
  });
});

describe('countedWords', () => {
  it('words a past shift’s count in the currency it was opened in, not the till’s of today', () => {
    expect(countedWords({ currency: 'eur', counted_cash_cents: 4_250 }, 'usd')).toBe('counted €42.50');
    expect(countedWords({ currency: 'jpy', counted_cash_cents: 4_250 }, 'usd')).toBe('counted ¥4,250');
  });

  it('words it as its Z report does: a dollar shift with no float that took only euros was counted in euros', () => {
    expect(countedWords({ currency: 'usd', counted_currency: 'eur', counted_cash_cents: 2_500 }, 'usd')).toBe(
      'counted €25.00',
    );
  });

  it('falls back to the till’s currency only for a shift that named none', () => {
    expect(countedWords({ currency: null, counted_cash_cents: 1_000 }, 'usd')).toBe('counted $10.00');
    // A Z report kept before shifts had a currency has none in its `shift`.
    expect(shiftCurrency({} as ShiftView, 'gbp')).toBe('gbp');
    expect(shiftCurrency({ currency: 'eur' }, 'gbp')).toBe('eur');
  });
});

describe('lateSalesWords', () => {
  const late = (order_count: number, cash_order_count: number, cash_cents: number) => ({
    currency: 'gbp',
    late_sales: { order_count, cash_order_count, cash_cents, order_ids: [] },
  });
  it('says how many sales came after the close and how much of them was cash, in the drawer’s money', () => {
    expect(lateSalesWords(late(1, 1, 2500), 'usd')).toBe(
      '1 sale recorded after this shift was closed: £25.00 cash. It is not in the expected cash above: if the drawer held it when counted, it explains £25.00 of an over.',
    );
    expect(lateSalesWords(late(2, 0, 0), 'usd')).toBe(
      '2 sales recorded after this shift was closed: none in cash, so the count is unaffected.',
    );
  });
  it('says nothing for a report without late sales (an X report, or a Z report of an older server)', () => {
    expect(lateSalesWords({ currency: 'gbp' }, 'usd')).toBeNull();
  });
});

describe('openShiftWords', () => {
  it('names who opened the shift and on which till, never its id', () => {
    expect(openShiftWords({ opened_by_name: 'Maria', till_name: 'Till 1' }, '$100.00')).toBe(
      'Opened by Maria on Till 1 · float $100.00',
    );
  });

  it('says what it knows: a till whose key is gone, or the float alone before the names come', () => {
    expect(openShiftWords({ opened_by_name: 'Maria', till_name: null }, '$0.00')).toBe(
      'Opened by Maria · float $0.00',
    );
    expect(openShiftWords(null, '$100.00')).toBe('Float $100.00');
  });
});

describe('leftOpenWords: a shift left open from a day before', () => {
  const at = (wall: string) => Date.parse(`${wall}+01:00`);
  const berlin = 'Europe/Berlin';

  it('says nothing of tonight’s shift, also past midnight, nor of a long day’s on its own day', () => {
    expect(leftOpenWords('2026-11-28T17:00:00Z', at('2026-11-29T02:30:00'), berlin)).toBeNull();
    expect(leftOpenWords('2026-11-28T09:00:00Z', at('2026-11-28T23:30:00'), berlin)).toBeNull();
  });

  it('names the venue’s day it was opened once it is a day later and 12 hours old', () => {
    expect(leftOpenWords('2026-11-28T17:00:00Z', at('2026-11-29T07:00:00'), berlin)).toBe(
      "This shift was opened on Sat, 28 Nov 2026 and never closed: cash taken now goes into that day's Z report. Count the drawer and close it, then open a new shift.",
    );
  });

  it('reads the day on the venue’s clock: 23:30 UTC is the next day in Berlin', () => {
    // Opened 00:30 Berlin time on the 29th; 13 hours later is still the 29th there.
    expect(leftOpenWords('2026-11-28T23:30:00Z', at('2026-11-29T13:30:00'), berlin)).toBeNull();
    expect(leftOpenWords('2026-11-28T23:30:00Z', at('2026-11-29T13:30:00'), 'UTC')).toContain(
      'Sat, 28 Nov 2026',
    );
  });
});
