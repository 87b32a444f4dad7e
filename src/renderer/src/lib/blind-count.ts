import { fieldLimits } from '../../../shared/field-limits.js';
import { formatMoney, moneyProblemWords, readMoney } from './money.js';

/**
 * Closing a shift with a blind count: the cashier counts the drawer and types what is there
 * before the till says what should be there, so the expected figure cannot steer the count. The
 * expected cash exists on screen only in the Z report the server answers to the close.
 */
export type CloseStep =
  | { step: 'count'; text: string; error: string | null }
  /** `text`: the count as typed ("1.234,50"), given back as it was by Count again. */
  | { step: 'confirm'; countedCents: number; text: string }
  | { step: 'closed' };

export const startCount: CloseStep = { step: 'count', text: '', error: null };

export function typeCount(text: string): CloseStep {
  return { step: 'count', text, error: null };
}

/**
 * Cash typed for the drawer (a float or a count) read as money, or what is wrong with it in words
 * that say what to type instead: unreadable, unclear ("1.234" in dollars), more decimals than the
 * currency has, or more than the server takes for a drawer (said in money, never as the field's
 * name and cents, which is how the server's own refusal reads). "1.234,50" and "1,234.50" both
 * read as 1,234.50 (readMoney).
 */
export function drawerAmount(
  text: string,
  currency: string,
  what: string,
): { cents: number } | { problem: string } {
  const read = readMoney(text, currency);
  if ('problem' in read) return { problem: moneyProblemWords(read.problem, text, currency, what) };
  const cents = read.minor;
  const most = fieldLimits.drawerCents.maximum;
  if (cents > most) {
    return {
      problem: `${formatMoney(cents, currency)} is more than a drawer holds here (at most ${formatMoney(most, currency)}): check the amount.`,
    };
  }
  return { cents };
}

/** The typed count checked as money in the event's currency; the confirm step repeats it. */
export function submitCount(step: CloseStep, currency: string): CloseStep {
  if (step.step !== 'count') return step;
  const read = drawerAmount(step.text, currency, 'the cash counted in the drawer');
  if ('problem' in read) return { ...step, error: read.problem };
  return { step: 'confirm', countedCents: read.cents, text: step.text };
}

/**
 * Back from the confirmation to correct the count: the amount comes back as the manager typed it
 * ("1.234,50", not "1234.50"), so they correct their own figure, not one the till rewrote.
 */
export function recount(step: CloseStep): CloseStep {
  if (step.step !== 'confirm') return step;
  return { step: 'count', text: step.text, error: null };
}

/** Whether the expected cash may be shown: only once the count is in and the shift is closed. */
export function mayShowExpected(step: CloseStep): boolean {
  return step.step === 'closed';
}

/** Over/short as the Z report prints it: "−$5.00" short, "+$2.00" over, "$0.00" exact. */
export function signedMoney(cents: number, currency: string): string {
  // The minus is formatMoney's own (every negative amount reads alike); only "over" adds a sign.
  return `${cents > 0 ? '+' : ''}${formatMoney(cents, currency)}`;
}

/** The drawer in words: "Short by $5.00", "Over by $2.00", "Exact". */
export function overShortWords(cents: number, currency: string): string {
  if (cents === 0) return 'Exact';
  return `${cents < 0 ? 'Short' : 'Over'} by ${formatMoney(Math.abs(cents), currency)}`;
}
