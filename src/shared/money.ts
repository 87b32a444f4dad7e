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

/**
 * What staff typed, as minor units of the currency, or null when it is not an amount in it:
 * "20", "20.5", "$1,020.00" in usd; "2500" or "¥2,500" in jpy; "1.250" in kwd. Never a rounded
 * guess: more decimals than the currency has ("20.555" usd, "2500.5" jpy) are refused, and so is a
 * comma that does not group thousands ("145,00", a decimal comma, is not 14,500).
 */
export function parseMoney(text: string, currency: string, locale = 'en-US'): number | null {
  let cleaned = text.trim();
  for (const mark of currencyMarks(currency, locale)) {
    const upper = cleaned.toUpperCase();
    if (upper.startsWith(mark.toUpperCase())) cleaned = cleaned.slice(mark.length).trim();
    else if (upper.endsWith(mark.toUpperCase())) cleaned = cleaned.slice(0, -mark.length).trim();
  }
  // A comma only ever groups thousands: "145,00" (a decimal comma) is refused, never read as 14,500.
  if (cleaned.includes(',') && !/^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(cleaned)) return null;
  cleaned = cleaned.replace(/,/g, '');
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^(\d{1,12})$/ : new RegExp(`^(\\d{1,12})(?:\\.(\\d{0,${digits}}))?$`);
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const minor = Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
