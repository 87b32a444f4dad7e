/**
 * Money for people, in one implementation for the server (pages, mail, refusal messages) and
 * the renderer (till, kiosk, orders, tiers): amounts are integers in the currency's minor unit
 * (currencies.ts), turned into text only at the edges, with that currency's own decimals:
 * 2500 usd is $25.00, 2500 jpy is ¥2,500, 2500 kwd is KWD 2.500.
 */
import { currencyCodes, isCurrencyCode, minorUnitDigits } from './currencies.js';

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

/**
 * Marks people write beside an amount that Intl does not spell: the Swiss "Fr." and "SFr." for
 * francs ("Fr. 12.-"), and the dinars' and rials' own abbreviations, Latin and Arabic, as their
 * price tags write them ("KD 1.250", "1.250 د.ك", "RO 2.500", "12,500 DT"). Read as an amount only
 * in their own currency: in another they name it ("Fr. 12" in euros is Swiss francs).
 */
const customaryMarks: Readonly<Record<string, readonly string[]>> = {
  CHF: ['SFr.', 'SFr', 'Fr.', 'Fr'],
  KWD: ['KD', 'د.ك'],
  BHD: ['BD', 'د.ب'],
  JOD: ['JD', 'د.ا', 'د.أ'],
  OMR: ['R.O.', 'RO', 'ر.ع.', 'ر.ع'],
  TND: ['DT', 'د.ت'],
  LYD: ['LD', 'ل.د'],
};

const marksByCurrency = new Map<string, string[]>();

/**
 * The marks an amount typed in this currency may carry, longest first: its code, its signs (`$`,
 * `US$`, `¥`), its name as words ("euros", "Swiss francs", "dollar") and customary marks ("Fr.").
 */
function currencyMarks(currency: string, locale: string): string[] {
  const code = currency.toUpperCase();
  const key = `${code} ${locale}`;
  const known = marksByCurrency.get(key);
  if (known) return known;
  const marks = new Set([code, ...(customaryMarks[code] ?? [])]);
  for (const display of ['symbol', 'narrowSymbol', 'name'] as const) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: display,
      });
      for (const part of parts.formatToParts(2)) {
        if (part.type !== 'currency') continue;
        marks.add(part.value);
        if (display !== 'name') continue;
        // "Swiss francs": "francs" and "franc" too, as people write them ("12 francs", "1 euro").
        const word = part.value.split(/\s+/).pop() ?? '';
        marks.add(word);
        if (/s$/i.test(word)) marks.add(word.slice(0, -1));
        if (/s$/i.test(part.value)) marks.add(part.value.slice(0, -1)); // "US dollar", "Swiss franc".
      }
    } catch {
      // Not a code Intl takes: the code itself is all there is.
    }
  }
  const sorted = [...marks].filter(Boolean).sort((a, b) => b.length - a.length);
  marksByCurrency.set(key, sorted);
  return sorted;
}

const names = new Map<string, string>();

/**
 * The currency's name as people say an amount of it, plural and in words: "euros", "US dollars",
 * "Kuwaiti dinars", "Japanese yen"; the upper-case code where Intl has no name for it.
 */
export function currencyName(currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  const key = `${code} ${locale}`;
  let name = names.get(key);
  if (name === undefined) {
    name = code;
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'name',
      });
      name = parts.formatToParts(2).find((part) => part.type === 'currency')?.value ?? code;
    } catch {
      // Not a code Intl takes: the code it is.
    }
    names.set(key, name);
  }
  return name;
}

/**
 * ISO's fund codes (Mexican investment units, Bolivian Mvdol, WIR francs, US dollars next day…):
 * codes, but no one writes "12 units" meaning one of them, so their names name nothing here.
 */
const fundCodes = new Set(['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW']);

/** A mark written beside an amount, as looked up: upper case, spaces single. */
const markKey = (mark: string) => mark.replace(/\s+/g, ' ').trim().toUpperCase();

const marksToCurrencies = new Map<string, Map<string, string[]>>();

/** Every currency's marks (code, signs, name as words, customary marks), each with the codes it may be. */
function currenciesByMark(locale: string): Map<string, string[]> {
  let byMark = marksToCurrencies.get(locale);
  if (byMark) return byMark;
  byMark = new Map();
  for (const lower of currencyCodes) {
    const code = lower.toUpperCase();
    const marks = fundCodes.has(code) ? [code] : currencyMarks(code, locale);
    for (const mark of marks) {
      const key = markKey(mark);
      // A lone letter ("R" rand, "K" kyat, "L" lempira) is more likely a typo or "12 K" for
      // thousands than a currency: it names none.
      if (/^\p{L}$/u.test(key)) continue;
      const codes = byMark.get(key) ?? [];
      if (!codes.includes(code)) codes.push(code);
      byMark.set(key, codes);
    }
  }
  marksToCurrencies.set(locale, byMark);
  return byMark;
}

/**
 * The name of the currency a mark that is not this currency's stands for, as the refusal says
 * it: one currency's mark names it ("12 USD" and "R$ 12" are US dollars and Brazilian reals,
 * "Fr. 12" Swiss francs); words several share name what they share ("12 dollars", "12 francs",
 * "£12" are dollars, francs, pounds); a sign several share names the one en-US writes it for
 * ("$12" is US dollars, "¥12" Japanese yen); "12 kr" (kronor or kroner) names none, so
 * `undefined`. Null when the mark is no currency's at all ("12 apples").
 */
function otherCurrencyName(mark: string, currency: string, locale: string): string | undefined | null {
  const own = currency.toUpperCase();
  const codes = (currenciesByMark(locale).get(markKey(mark)) ?? []).filter((code) => code !== own);
  if (codes.length === 0) return null;
  if (codes.length === 1) return currencyName(codes[0]!, locale);
  const words = new Set(codes.map((code) => currencyName(code, locale).split(' ').pop()!.toLowerCase()));
  if (words.size === 1) return [...words][0];
  const signed = codes.find((code) =>
    formatter(code, locale)
      .formatToParts(0)
      .some((part) => part.type === 'currency' && part.value === mark.trim()),
  );
  return signed ? currencyName(signed, locale) : undefined;
}

/**
 * What is written before and after the number ("€", "12 Swiss francs" → "Swiss francs",
 * "12.- Fr." → "Fr."), without the minus, separators and round dash around the digits.
 */
function marksAround(text: string): string[] {
  const before = (/^\D*/.exec(text)?.[0] ?? '').replace(/[\s\-\u2212]+$/u, '');
  const after = (/\D*$/.exec(text)?.[0] ?? '').replace(/^[\s.,'\u2019\-\u2013\u2014]+/u, '');
  return [before, after].filter((mark) => mark !== '' && mark !== text);
}

/** Why typed text is not an amount (readMoney), for the screen to say in its own words. */
export type MoneyProblem =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** Letters, thousands not in threes, two kinds of grouping: not an amount at all. */
  | { kind: 'unreadable' }
  /**
   * Digits grouped by spaces or apostrophes, but not in threes ("12 34,50", "1 2345", "0 500"):
   * a French or Swiss "1 234,50" gone wrong, or two numbers. `by`: what grouped them.
   */
  | { kind: 'uneven_groups'; by: 'space' | 'apostrophe' }
  /** An amount below zero ("-5", "−$5.00"): money typed at the till is never negative. */
  | { kind: 'negative' }
  /**
   * Another currency's sign, code or name ("$12" or "12 dollars" in eur, "12 GBP", "Fr. 12"):
   * never read as this one's. `name`: that currency in words ("US dollars", "dollars", "Swiss
   * francs"), absent where the mark names no one currency ("12 kr": kronor or kroner).
   */
  | { kind: 'other_currency'; name?: string }
  /** More decimals than the currency has ("20.555" usd, "1,5" jpy); `decimals` is how many it has. */
  | { kind: 'too_many_decimals'; decimals: number }
  /**
   * One point and three digits after it where the currency has two decimals ("1.234" usd): a
   * European 1.234 (one thousand two hundred and thirty-four) or a slip in the cents. Never guessed.
   */
  | { kind: 'unclear_point'; decimals: number; asThousands: number }
  /**
   * One comma and three digits after it where the currency has three decimals or more ("1,250"
   * kwd): 1,250 dinars with the comma grouping thousands, or 1.250 with a decimal comma (as
   * Tunisia writes). `asThousands` and `asDecimals` are the two readings, in minor units.
   */
  | { kind: 'unclear_comma'; decimals: number; asThousands: number; asDecimals: number };

type Read = { minor: number } | { problem: MoneyProblem };

/** Spaces that group thousands: plain, no-break (U+00A0), narrow no-break (U+202F, French Intl), thin. */
const groupSpaces = ' \u00a0\u202f\u2009';
/** Apostrophes that group thousands in Switzerland ("1'234.50"), straight or as a phone's keyboard curls it. */
const groupApostrophes = "'\u2019";

/** The minus of a negative amount: the hyphen people type or the real minus sign (U+2212). */
const minusSigns = /^[-\u2212]\s*/;

/** A round amount as Swiss and German price tags write it: "12.-", "12,–", "12.--" (no decimals). */
const roundDash = /^(\d[\d.,'\u2019 \u00a0\u202f\u2009]*[.,])(?:-{1,2}|[\u2013\u2014])$/;

/**
 * Another currency's mark around the number: a sign (`$`, `£`, `R$`, `CA$`) or an ISO code
 * (`GBP`, `usd`), before or after it. Only marks that are surely a currency count; "12 apples"
 * stays merely unreadable.
 */
function hasOtherCurrencyMark(cleaned: string): boolean {
  const mark = /^(\p{L}{0,3}\p{Sc}|\p{L}{3})\s*\d|\d\s*(\p{L}{0,3}\p{Sc}|\p{L}{3})$/u.exec(cleaned);
  if (!mark) return false;
  const found = mark[1] ?? mark[2] ?? '';
  return /\p{Sc}/u.test(found) || isCurrencyCode(found.toLowerCase());
}

/** The text without this currency's own marks ("€12", "12 EUR", "KWD 1.250"). */
function withoutOwnMarks(text: string, currency: string, locale: string): string {
  let cleaned = text;
  for (const mark of currencyMarks(currency, locale)) {
    const upper = cleaned.toUpperCase();
    if (upper.startsWith(mark.toUpperCase())) cleaned = cleaned.slice(mark.length).trim();
    else if (upper.endsWith(mark.toUpperCase())) cleaned = cleaned.slice(0, -mark.length).trim();
  }
  return cleaned;
}

/** Where a script's own digits start: each run of ten stands for 0–9. */
const digitZeros = [
  0x0660, // Arabic-Indic: ٠١٢٣٤٥٦٧٨٩
  0x06f0, // Extended Arabic-Indic (Persian, Urdu): ۰۱۲۳۴۵۶۷۸۹
  0xff10, // full-width, as Japanese and Chinese input methods type them: ０１２３４５６７８９
];
/** Those scripts' own decimal and group marks and signs, as the ASCII ones. */
const asciiMarks: Record<string, string> = {
  '\u066b': '.', // Arabic decimal separator ٫
  '\u066c': ',', // Arabic thousands separator ٬
  '\uff0e': '.',
  '\uff0c': ',',
  '\uff07': "'",
  '\uff04': '$',
  '\uffe5': '¥',
  '\uffe1': '£',
  '\uff0d': '-',
};

/**
 * An amount typed with a phone's Arabic keyboard ("١٢٫٥٠٠") or a Japanese input method left on
 * full width ("￥２，５００") is the same amount as in ASCII digits: read as such rather than
 * refused as not an amount.
 */
function withAsciiDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const zero = digitZeros.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? (asciiMarks[char] ?? char) : String(code - zero);
  }
  return out;
}

/**
 * What staff typed, as minor units of the currency, or why it is not an amount in it. Never a
 * rounded guess nor a silent misreading; every way of writing separators reads alike:
 * - "20", "20.5", "$1,020.00" in usd; "2500" or "¥2,500" in jpy; "1.250" in kwd; the currency's
 *   own sign, code or name may come before or after ("€12", "12 EUR", "12 euros", CHF's "Fr. 12",
 *   "KD 1.250"); another's sign, code or name is refused naming it ("12 dollars" in eur: dollars);
 * - a dash after the decimal mark is a round amount, as price tags write it ("12.-", "1.234,–");
 * - with both a point and a comma, the last one starts the decimals and the other groups
 *   thousands in threes: "1,234.50" and "1.234,50" are both 1,234.50;
 * - spaces (also the no-break and narrow no-break spaces) or apostrophes group thousands in
 *   threes, and then the one point or comma after them starts the decimals: "1 234,50" (French,
 *   Scandinavian) and "1'234.50" (Swiss) are 1,234.50;
 * - a separator written more than once groups thousands: "1.234.567" is 1,234,567;
 * - a lone comma after one to three digits and followed by exactly three digits groups thousands
 *   ("1,500" is 1,500), any other lone comma is a decimal comma ("145,00" is 145.00, "1,5" is
 *   1.50); where the currency has three decimals ("1,250" kwd) it could be either, so it is
 *   refused as unclear;
 * - a lone point starts the decimals (so "1.250" kwd is 1.250, as the app itself writes it), so
 *   "1.234" in usd (three decimals in a two-decimal currency) is refused as unclear rather than
 *   read as 1,234 or 1.23; in a currency without decimals it can only group thousands ("1.500"
 *   jpy is ¥1,500); more decimals than the currency has ("20.555" usd, "2500.5" jpy) are refused;
 * - a minus is refused as below zero;
 * - Arabic-Indic, Persian and full-width digits and marks read as their ASCII twins.
 */
export function readMoney(typed: string, currency: string, locale = 'en-US'): Read {
  const text = withAsciiDigits(typed);
  const unsigned = text.trim().replace(minusSigns, '');
  let minus = unsigned !== text.trim();
  let cleaned = withoutOwnMarks(unsigned, currency, locale);
  // "$-5": the minus after the sign.
  if (minusSigns.test(cleaned)) {
    minus = true;
    cleaned = cleaned.replace(minusSigns, '');
  }
  if (cleaned === '') return minus ? { problem: { kind: 'unreadable' } } : { problem: { kind: 'empty' } };
  // Another currency's mark, looked for in what was typed before this one's are taken off, so
  // "12 US dollars" in Canadian dollars is not read as "12 US" dollars.
  const own = new Set(currencyMarks(currency, locale).map(markKey));
  for (const mark of marksAround(unsigned)) {
    if (own.has(markKey(mark))) continue;
    const name = otherCurrencyName(mark, currency, locale);
    if (name === null) continue;
    return { problem: name === undefined ? { kind: 'other_currency' } : { kind: 'other_currency', name } };
  }
  if (hasOtherCurrencyMark(cleaned)) return { problem: { kind: 'other_currency' } };
  // The dash says "no decimals": kept as the decimal mark with none after it ("1.234,-" is
  // 1,234.00), or dropped where the currency has no decimals at all ("2500.-" yen).
  const round = roundDash.exec(cleaned);
  const digits = minorUnitDigits(currency);
  if (round) cleaned = digits === 0 ? round[1]!.slice(0, -1) : round[1]!;
  const read = readDigits(cleaned, digits);
  if (minus && 'minor' in read && read.minor > 0) return { problem: { kind: 'negative' } };
  return read;
}

const spacedGroups = new RegExp(`[${groupSpaces}]`);
const apostrophedGroups = new RegExp(`[${groupApostrophes}]`);
/** Thousands grouped by spaces (or apostrophes) in threes, then maybe a decimal mark and decimals. */
const groupedAmount = (group: string) =>
  new RegExp(`^([1-9]\\d{0,2}(?:[${group}]\\d{3})+)(?:([.,])(\\d*))?$`);
const spacedAmount = groupedAmount(groupSpaces);
const apostrophedAmount = groupedAmount(groupApostrophes);
/** Digits grouped by spaces (or apostrophes) in any sizes, then maybe decimals: "12 34,50". */
const anyGroups = (group: string) => new RegExp(`^\\d+(?:[${group}]+\\d+)+(?:[.,]\\d*)?$`);
const spacedDigits = anyGroups(groupSpaces);
const apostrophedDigits = anyGroups(groupApostrophes);
/** A whole part grouped in threes by commas, or by points. */
const commaGrouped = /^[1-9]\d{0,2}(?:,\d{3})+$/;
const pointGrouped = /^[1-9]\d{0,2}(?:\.\d{3})+$/;

/** An amount written in digits and separators only (readMoney without signs and minus). */
function readDigits(cleaned: string, digits: number): Read {
  const unreadable = { problem: { kind: 'unreadable' } } as const;
  const spaced = spacedGroups.test(cleaned);
  const apostrophed = apostrophedGroups.test(cleaned);
  if (spaced || apostrophed) {
    if (spaced && apostrophed) return unreadable;
    const match = (spaced ? spacedAmount : apostrophedAmount).exec(cleaned);
    if (!match) {
      // Only digits between the spaces, and maybe decimals: grouped, but not in threes.
      if (!(spaced ? spacedDigits : apostrophedDigits).test(cleaned)) return unreadable;
      return { problem: { kind: 'uneven_groups', by: spaced ? 'space' : 'apostrophe' } };
    }
    return inMinor(match[1]!.replace(/\D/g, ''), match[3] ?? '', match[2] !== undefined, digits);
  }
  if (!/^\d[\d.,]*$/.test(cleaned)) return unreadable;
  const points = cleaned.split('.').length - 1;
  const commas = cleaned.split(',').length - 1;
  /** One to three digits, not starting with 0: what may come before a group of thousands. */
  const firstGroup = /^[1-9]\d{0,2}$/;
  let decimalMark: '.' | ',' | null;
  if (points > 0 && commas > 0) decimalMark = cleaned.lastIndexOf('.') > cleaned.lastIndexOf(',') ? '.' : ',';
  else if (points === 1) decimalMark = '.';
  else if (commas === 1) {
    const [before = '', after = ''] = cleaned.split(',');
    if (firstGroup.test(before) && /^\d{3}$/.test(after)) {
      if (digits < 3) decimalMark = null;
      else {
        const asThousands = Number(before + after) * 10 ** digits;
        const asDecimals = Number(before) * 10 ** digits + Number(after.padEnd(digits, '0'));
        return { problem: { kind: 'unclear_comma', decimals: digits, asThousands, asDecimals } };
      }
    } else decimalMark = ',';
  } else decimalMark = null;
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
    if (!(mark === ',' ? commaGrouped : pointGrouped).test(whole)) return unreadable;
  } else if (!/^\d+$/.test(whole)) return unreadable;
  const lonePoint = decimalMark === '.' && points === 1 && commas === 0;
  if (lonePoint && fraction.length === 3 && firstGroup.test(whole) && digits < 3) {
    // "1.500" in yen has no decimals to be: the point can only group thousands.
    if (digits === 0) return inMinor(whole + fraction, '', false, digits);
    const asThousands = Number(whole + fraction) * 10 ** digits;
    return { problem: { kind: 'unclear_point', decimals: digits, asThousands } };
  }
  return inMinor(whole.replace(/[.,]/g, ''), fraction, at >= 0, digits);
}

/** Whole units and decimals (digits only) as minor units, or why not; `marked`: a decimal mark was typed. */
function inMinor(whole: string, fraction: string, marked: boolean, digits: number): Read {
  if (whole.length > 12) return { problem: { kind: 'unreadable' } };
  // "2500." in yen: a decimal mark where the currency has no decimals is not an amount in it.
  if (fraction.length > digits || (digits === 0 && marked))
    return { problem: { kind: 'too_many_decimals', decimals: digits } };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? { minor } : { problem: { kind: 'unreadable' } };
}

/** readMoney's amount, or null when the text is not one (a screen that says why uses readMoney). */
export function parseMoney(text: string, currency: string, locale = 'en-US'): number | null {
  const read = readMoney(text, currency, locale);
  return 'minor' in read ? read.minor : null;
}
