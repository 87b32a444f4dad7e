import type { ShiftReport, ShiftView } from '../api/types.js';
import { businessDay } from '../../../shared/business-day.js';
import type { Loadable } from './loadable.js';
import { businessDayWords } from './shift-report.js';
import { formatEventTime, tillTimeZone } from './zoned-time.js';
import { formatMoney } from './money.js';

/**
 * Whether the till must warn that cash goes into no shift: someone is signed in (this venue
 * counts drawers in shifts) and the server said this till has none open. Cash taken then is in
 * no X or Z report, so the cash-up would come out over by it with nobody knowing why.
 */
export function cashOutsideShift(signedIn: boolean, current: Loadable<ShiftView | null>): boolean {
  return signedIn && current.state === 'ready' && current.data === null;
}

export const noShiftCashWords =
  'No shift is open on this till, so this cash will be in no cash-up (no X or Z report counts it). Open a shift first.';

/** A night's shift (18:00 to 02:00) is well under this; one begun a day before and this old was left open. */
const leftOpenAfterMs = 12 * 3_600_000;

/**
 * The open shift, when it was opened on an earlier day of the venue's (`zone`) and at least 12
 * hours ago: left open from a night before, so the cash taken now would go into that night's Z
 * report and its count. The seller sees "Shift open" and nothing else was wrong, so the till says
 * so. Null for tonight's shift, also past midnight.
 */
export function leftOpenWords(openedAt: string, now: number, zone: string): string | null {
  const opened = Date.parse(openedAt);
  if (!Number.isFinite(opened) || now - opened < leftOpenAfterMs) return null;
  if (businessDay(openedAt, zone) >= businessDay(new Date(now).toISOString(), zone)) return null;
  const day = businessDayWords(openedAt, zone).replace(/^Business day /, '');
  return `This shift was opened on ${day} and never closed: cash taken now goes into that day's Z report. Count the drawer and close it, then open a new shift.`;
}

/**
 * The shift this till showed, closed since on another till or tab; when it opened on the venue's
 * clock (`zone`), named when this till's is another, as the shift's heading and Past shifts say it.
 */
export function endedElsewhereWords(
  shift: ShiftView,
  zone: string,
  tillZone: string = tillTimeZone(),
): string {
  return `The shift opened ${formatEventTime(shift.opened_at, zone, tillZone)} (${shift.id}) was closed on another till or screen. Sales made here since are in no shift; open a new one before taking cash.`;
}

/**
 * The money a past shift's drawer is worded in: the currency it was opened in, not the till's of
 * today (a shift counted in euros stays in euros after the till moved to dollars); the till's
 * only for a shift that named none.
 */
export function shiftCurrency(shift: Pick<ShiftView, 'currency'>, tillCurrency: string): string {
  return shift.currency ?? tillCurrency;
}

/**
 * A past shift's count, as the list of past shifts words it: in the money it was counted in (its
 * Z report's, `counted_currency`), which is the opened one unless that drawer held none of it.
 */
export function countedWords(
  shift: Pick<ShiftView, 'currency' | 'counted_currency' | 'counted_cash_cents'>,
  tillCurrency: string,
): string {
  const currency = shift.counted_currency ?? shiftCurrency(shift, tillCurrency);
  return `counted ${formatMoney(shift.counted_cash_cents ?? 0, currency)}`;
}

/**
 * A past shift's late sales as the list of past shifts flags them ("1 late sale · $25.00 cash"),
 * in the money its count was made in: the nights whose count needs a second look. Null when none.
 */
export function lateSalesFlag(
  shift: Pick<ShiftView, 'late_sales' | 'currency' | 'counted_currency'>,
  tillCurrency: string,
): string | null {
  const late = shift.late_sales;
  if (!late || late.order_count === 0) return null;
  const sales = late.order_count === 1 ? '1 late sale' : `${late.order_count} late sales`;
  if (late.cash_order_count === 0) return `${sales} · none in cash`;
  const currency = shift.counted_currency ?? shiftCurrency(shift, tillCurrency);
  return `${sales} · ${formatMoney(late.cash_cents, currency)} cash`;
}

/**
 * Who opened and closed a shift, by name ("opened by Sam, closed by Maria"): a seller who has
 * left is still named. Null when the server named nobody (an older server).
 */
export function shiftPeopleWords(
  shift: Pick<ShiftView, 'opened_by_name' | 'closed_by_name'> | undefined,
): string | null {
  if (!shift?.opened_by_name) return null;
  const closed = shift.closed_by_name ? `, closed by ${shift.closed_by_name}` : '';
  return `opened by ${shift.opened_by_name}${closed}`;
}

/**
 * The open shift's line under its heading, in the words staff use: who opened it, on which till,
 * and the float ("Opened by Maria on Till 1 · float $100.00"). The `shf_` id is no part of it: a
 * manager reads that where the audit log needs it. `named` is GET /v2/shifts/{id}'s answer, which
 * alone names the till and the opener; until it comes (or from an older server), only the float.
 */
export function openShiftWords(
  named: Pick<ShiftView, 'till_name' | 'opened_by_name'> | null,
  float: string,
): string {
  const by = named?.opened_by_name ? ` by ${named.opened_by_name}` : '';
  const on = named?.till_name ? ` on ${named.till_name}` : '';
  return by || on ? `Opened${by}${on} · float ${float}` : `Float ${float}`;
}

/**
 * A closed shift's late sales (docs/api.md "Late sales") in a manager's words: sales rung up in
 * the shift whose answer reached the server after it was cashed up. The figures above them stay
 * as counted; cash among them that was in the drawer at the count explains that much of an over.
 */
export function lateSalesWords(
  report: Pick<ShiftReport, 'late_sales' | 'currency'>,
  tillCurrency: string,
): string | null {
  const late = report.late_sales;
  if (!late || late.order_count === 0) return null;
  const sales = late.order_count === 1 ? '1 sale' : `${late.order_count} sales`;
  const head = `${sales} recorded after this shift was closed`;
  if (late.cash_order_count === 0) return `${head}: none in cash, so the count is unaffected.`;
  const cash = formatMoney(late.cash_cents, report.currency ?? tillCurrency);
  return `${head}: ${cash} cash. It is not in the expected cash above: if the drawer held it when counted, it explains ${cash} of an over.`;
}
