/** Money in the UI: integer minor units (cents) everywhere, text only at the edges. */

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(cents / 100);
}

/**
 * Staff type amounts as "20", "20.5", "20.50" or "$1,020.00"; answers cents, or null when the text
 * is not an amount (never a silently rounded guess: "20.555" is refused).
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * 100 + Number(fraction);
}

/** Cents as the text an input shows: 2500 → "25.00". */
export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface ChangeDue {
  /** Cash to hand back; 0 when exact or short. */
  change: number;
  /** How much more the customer must hand over; 0 when enough was tendered. */
  short: number;
}

export function changeDue(totalCents: number, tenderedCents: number): ChangeDue {
  const difference = tenderedCents - totalCents;
  return { change: Math.max(0, difference), short: Math.max(0, -difference) };
}

/** Likely notes a customer hands over: the exact amount, then round amounts above the total. */
export function quickTenders(totalCents: number): number[] {
  if (totalCents <= 0) return [];
  const steps = [500, 1000, 2000, 5000, 10000];
  const amounts = new Set<number>([totalCents]);
  for (const step of steps) {
    const next = Math.ceil(totalCents / step) * step;
    if (next > totalCents) amounts.add(next);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, 5);
}
