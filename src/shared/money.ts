/**
 * Money for people, in one implementation for the server (pages, mail, refusal messages) and
 * the renderer (till, kiosk, orders, tiers): amounts are integers in the currency's minor unit
 * (currencies.ts), turned into text only at the edges, with that currency's own decimals:
 * 2500 usd is $25.00, 2500 jpy is ¥2,500, 2500 kwd is KWD 2.500.
 */
import { minorUnitDigits } from './currencies.js';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${locale} ${code}`;
  let found = formatters.get(key);
  if (!found) {
    const digits = minorUnitDigits(code);
    try {
      found = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // Not even three letters (a store written before codes were checked): the plain number.
      found = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    formatters.set(key, found);
  }
  return found;
}

/** The minus sign people read (U+2212), not the hyphen Intl writes for en-US. */
const minusSign = '\u2212';

/**
 * An amount in minor units as people read it: `$25.00`, `¥2,500`, `KWD 1.250`, and a negative one
 * with a real minus sign, `−$5.00`, on every screen, page and printed report alike (a refund-only
 * shift's net once read "-$5.00" beside its over/short's "−$5.00"). Files for spreadsheets keep
 * the ASCII hyphen (minorToDecimal): a spreadsheet reads "-5.00" as a number, "−5.00" as text.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  // `|| 0`: a -0 (a sum of refunds negated) is "$0.00", never "−$0.00".
  const amount = minor / 10 ** minorUnitDigits(currency) || 0;
  const parts = formatter(currency, locale).formatToParts(amount);
  return parts.map((part) => (part.type === 'minusSign' ? minusSign : part.value)).join('');
}

/** Minor units as the text an amount field starts with: "25.00" (usd), "2500" (jpy), "1.250" (kwd). */
export function minorToInput(minor: number, currency: string): string {
  return minorToDecimal(minor, minorUnitDigits(currency));
}

/** minorToInput with the currency's digits already looked up (a CSV export's column of amounts). */
export function minorToDecimal(minor: number, digits: number): string {
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** The symbols an amount typed in this currency may carry: `$`, `US$`, `¥`, the code. */
function currencyMarks(currency: string, locale: string): string[] {
  const code = currency.toUpperCase();
  const symbols = new Set([code]);
  for (const display of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: display,
      });
      for (const part of parts.formatToParts(1)) if (part.type === 'currency') symbols.add(part.value);
    } catch {
      // Not a code Intl takes: the code itself is all there is.
    }
  }
  return [...symbols].sort((a, b) => b.length - a.length);
}

/** Why typed text is not an amount (readMoney), for the screen to say in its own words. */
export type MoneyProblem =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** Letters, a minus, spaces inside, thousands not in threes: not an amount at all. */
  | { kind: 'unreadable' }
  /** More decimals than the currency has ("20.555" usd, "1,5" jpy); `decimals` is how many it has. */
  | { kind: 'too_many_decimals'; decimals: number }
  /**
   * One point and three digits after it where the currency has fewer decimals ("1.234" usd): a
   * European 1.234 (one thousand two hundred and thirty-four) or a slip in the cents. Never guessed.
   */
  | { kind: 'unclear_point'; decimals: number; asThousands: number };

/**
 * What staff typed, as minor units of the currency, or why it is not an amount in it. Never a
 * rounded guess nor a silent misreading; both ways of writing separators read alike:
 * - "20", "20.5", "$1,020.00" in usd; "2500" or "¥2,500" in jpy; "1.250" in kwd;
 * - with both a point and a comma, the last one starts the decimals and the other groups
 *   thousands in threes: "1,234.50" and "1.234,50" are both 1,234.50;
 * - a separator written more than once groups thousands: "1.234.567" is 1,234,567;
 * - a lone comma followed by exactly three digits groups thousands ("1,500" is 1,500), any other
 *   lone comma is a decimal comma ("145,00" is 145.00, "1,5" is 1.50);
 * - a lone point starts the decimals, so "1.234" in usd (three decimals in a two-decimal
 *   currency) is refused as unclear rather than read as 1,234 or 1.23; more decimals than the
 *   currency has ("20.555" usd, "2500.5" jpy) are refused.
 */
export function readMoney(
  text: string,
  currency: string,
  locale = 'en-US',
): { minor: number } | { problem: MoneyProblem } {
  let cleaned = text.trim();
  for (const mark of currencyMarks(currency, locale)) {
    const upper = cleaned.toUpperCase();
    if (upper.startsWith(mark.toUpperCase())) cleaned = cleaned.slice(mark.length).trim();
    else if (upper.endsWith(mark.toUpperCase())) cleaned = cleaned.slice(0, -mark.length).trim();
  }
  if (cleaned === '') return { problem: { kind: 'empty' } };
  const unreadable = { problem: { kind: 'unreadable' } } as const;
  if (!/^\d[\d.,]*$/.test(cleaned)) return unreadable;
  const digits = minorUnitDigits(currency);
  const points = cleaned.split('.').length - 1;
  const commas = cleaned.split(',').length - 1;
  let decimalMark: '.' | ',' | null;
  if (points > 0 && commas > 0) decimalMark = cleaned.lastIndexOf('.') > cleaned.lastIndexOf(',') ? '.' : ',';
  else if (points === 1) decimalMark = '.';
  else if (commas === 1) decimalMark = /,\d{3}$/.test(cleaned) ? null : ',';
  else decimalMark = null;
  const at = decimalMark === null ? -1 : cleaned.lastIndexOf(decimalMark);
  const whole = at < 0 ? cleaned : cleaned.slice(0, at);
  const fraction = at < 0 ? '' : cleaned.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return unreadable;
  // The whole part: plain digits, or digits grouped in threes by the one other separator.
  const grouping = decimalMark === ',' ? '.' : ',';
  const grouped = whole.includes(grouping) || (decimalMark === null && whole.includes('.'));
  if (grouped) {
    const mark = whole.includes(',') ? ',' : '.';
    if (whole.includes(mark === ',' ? '.' : ',')) return unreadable;
    if (!new RegExp(`^\\d{1,3}(?:\\${mark}\\d{3})+$`).test(whole)) return unreadable;
  } else if (!/^\d+$/.test(whole)) return unreadable;
  const wholeDigits = whole.replace(/[.,]/g, '');
  if (wholeDigits.length > 12) return unreadable;
  // "2500." in yen: a decimal mark where the currency has no decimals is not an amount in it.
  if (fraction.length > digits || (digits === 0 && at >= 0)) {
    if (decimalMark === '.' && points === 1 && commas === 0 && fraction.length === 3) {
      const asThousands = Number(whole + fraction) * 10 ** digits;
      return { problem: { kind: 'unclear_point', decimals: digits, asThousands } };
    }
    return { problem: { kind: 'too_many_decimals', decimals: digits } };
  }
  const minor = Number(wholeDigits) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? { minor } : unreadable;
}

/** readMoney's amount, or null when the text is not one (a screen that says why uses readMoney). */
export function parseMoney(text: string, currency: string, locale = 'en-US'): number | null {
  const read = readMoney(text, currency, locale);
  return 'minor' in read ? read.minor : null;
}
