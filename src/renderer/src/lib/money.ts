/**
 * Money in the UI: integer minor units of the currency everywhere, text only at the edges. The
 * formatting and parsing are the server's too (src/shared/money.ts); the till's own helpers are
 * here.
 */
import { minorUnitDigits } from '../../../shared/currencies.js';
import { minorToInput } from '../../../shared/money.js';

export { formatMoney, minorToInput, parseMoney } from '../../../shared/money.js';

/** How an amount is typed in this currency, for hints: "25.00" (usd), "2500" (jpy), "25.000" (kwd). */
export function amountExample(currency: string): string {
  const digits = minorUnitDigits(currency);
  return minorToInput(digits === 0 ? 2500 : 25 * 10 ** digits, currency);
}

/** The keyboard a phone or tablet shows for amounts in this currency: no decimal key for yen. */
export function amountInputMode(currency: string): 'numeric' | 'decimal' {
  return minorUnitDigits(currency) === 0 ? 'numeric' : 'decimal';
}

export interface ChangeDue {
  /** Cash to hand back; 0 when exact or short. */
  change: number;
  /** How much more the customer must hand over; 0 when enough was tendered. */
  short: number;
}

export function changeDue(totalMinor: number, tenderedMinor: number): ChangeDue {
  const difference = tenderedMinor - totalMinor;
  return { change: Math.max(0, difference), short: Math.max(0, -difference) };
}

/**
 * Likely notes a customer hands over: the exact amount, then round amounts above the total, in
 * steps of 5, 10, 20, 50 and 100 units of the currency for totals below 100 units, ten times
 * those below 1,000, and so on (so ¥2,500 offers ¥3,000, ¥5,000 and ¥10,000), below ten times
 * the total.
 */
export function quickTenders(totalMinor: number, currency: string): number[] {
  if (totalMinor <= 0) return [];
  const unit = 10 ** minorUnitDigits(currency);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(totalMinor / unit)) - 1);
  const amounts = new Set<number>([totalMinor]);
  for (const step of [5, 10, 20, 50, 100]) {
    const size = step * magnitude * unit;
    const next = Math.ceil(totalMinor / size) * size;
    if (next > totalMinor && next < totalMinor * 10) amounts.add(next);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, 5);
}
