/**
 * Money in the UI: integer minor units of the currency everywhere, text only at the edges. The
 * formatting and parsing are the server's too (src/shared/money.ts); the till's own helpers are
 * here.
 */
import { minorUnitDigits } from '../../../shared/currencies.js';
import {
  currencyName,
  formatMoney,
  minorToInput,
  readMoney,
  type MoneyProblem,
} from '../../../shared/money.js';

export {
  currencyName,
  formatMoney,
  minorToInput,
  parseMoney,
  readMoney,
  type MoneyProblem,
} from '../../../shared/money.js';

/** How an amount is typed in this currency, for hints: "25.00" (usd), "2500" (jpy), "25.000" (kwd). */
export function amountExample(currency: string): string {
  const digits = minorUnitDigits(currency);
  return minorToInput(digits === 0 ? 2500 : 25 * 10 ** digits, currency);
}

/**
 * What a typed amount was read as, said under the field where a point could be taken either way:
 * in a three-decimal currency (KWD, BHD, JOD, OMR, TND, IQD, LYD) "1.250" is one dinar and 250
 * fils (the point starts the decimals, as "KD 1.250" price tags and the app itself write it),
 * never 1,250 dinars, so the field says "Read as KWD 1.250" and a cashier who meant 1,250 sees it
 * before pressing on (1,250 dinars reads back as "KWD 1,250.000"). Null for nothing typed, text
 * that is not an amount (the field says why instead), and two- or no-decimal currencies, whose
 * typed amounts the till already reads back (change due, "You counted …").
 */
export function amountReadBack(text: string, currency: string): string | null {
  if (minorUnitDigits(currency) !== 3) return null;
  const read = readMoney(text, currency);
  return 'minor' in read ? `Read as ${formatMoney(read.minor, currency)}` : null;
}

/** A field's hint with the read-back before it, when there is one: "Read as KWD 1.250. Enter to …". */
export function withReadBack(readBack: string | null, hint: string): string {
  return readBack ? `${readBack}. ${hint}` : hint;
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

/**
 * Why typed money was refused, in words that say what to type instead (readMoney's problem):
 * `what` names the amount ("the cash counted in the drawer"), `text` is what was typed.
 */
export function moneyProblemWords(
  problem: MoneyProblem,
  text: string,
  currency: string,
  what: string,
): string {
  const example = amountExample(currency);
  const code = currency.toUpperCase();
  const typed = `“${text.trim()}”`;
  switch (problem.kind) {
    case 'empty':
      return `Type ${what}, like ${example}.`;
    case 'unreadable': {
      const digits = minorUnitDigits(currency);
      if (digits === 0)
        return `${typed} is not an amount: type ${what} in digits, like ${example} (or 2,500).`;
      const cents = '50'.padEnd(digits, '0').slice(0, digits);
      return `${typed} is not an amount: type ${what} in digits, like ${example}; thousands may be grouped, as 1,234.${cents} or 1.234,${cents}.`;
    }
    case 'uneven_groups': {
      // "1 234,50" as the field would take it, in this currency's decimals.
      const digits = minorUnitDigits(currency);
      const cents = digits === 0 ? '' : `,${'50'.padEnd(digits, '0').slice(0, digits)}`;
      const grouped = problem.by === 'space' ? `1 234${cents}` : `1'234${cents.replace(',', '.')}`;
      const marks = problem.by === 'space' ? 'a space groups' : 'an apostrophe groups';
      return `${typed} is not an amount: ${marks} thousands, three digits after each, as ${grouped}; or type ${what} without them, like ${example}.`;
    }
    case 'too_many_decimals':
      return problem.decimals === 0
        ? `${typed} has decimals, and ${code} amounts have none: type whole ${code}, like ${example}.`
        : `${typed} has more than ${problem.decimals} digits after the decimal mark, and ${code} amounts have ${problem.decimals}: type it like ${example}.`;
    case 'unclear_point': {
      const thousands = formatMoney(problem.asThousands, currency);
      const plain = String(problem.asThousands / 10 ** problem.decimals);
      return `${typed} is unclear: after a point come the decimals, ${problem.decimals} digits in ${code}. For ${thousands} type ${plain}.`;
    }
    case 'unclear_comma': {
      const thousands = formatMoney(problem.asThousands, currency);
      const decimals = formatMoney(problem.asDecimals, currency);
      const plain = String(problem.asThousands / 10 ** problem.decimals);
      return `${typed} is unclear: in ${code} a comma may group thousands or start the ${problem.decimals} decimals. For ${thousands} type ${plain}; for ${decimals} type ${minorToInput(problem.asDecimals, currency)}.`;
    }
    case 'negative':
      return `${typed} is below zero: type ${what} without a minus, like ${example}.`;
    case 'other_currency': {
      // Named in words, as people say money: "“12 dollars” is in dollars, and amounts here are
      // in euros (EUR)", never a bare "not an amount" for what is plainly one, in another currency.
      const ours = currencyName(currency);
      const here = ours === code ? code : `${ours} (${code})`;
      return `${typed} is in ${problem.name ?? 'another currency'}, and amounts here are in ${here}: type ${what} in ${ours}, like ${example}.`;
    }
  }
}
