import { minorUnitDigits } from '../../shared/currencies.js';
import { minorToDecimal } from '../../shared/money.js';
import { wallClockMs, wallDateTime } from '../../shared/zone-clock.js';
import { toIso } from '../time.js';

/** A cell's value: SQLite gives text, integers or NULL. */
export type CsvCell = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;
/** Either of the two: most cells (ids, plain names) need neither, and are told so in one test. */
const needsCare = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * A cell as RFC 4180 writes it: quoted when it holds a quote, comma or line break, quotes
 * doubled. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that hides one) gets a leading apostrophe, the OWASP "CSV injection" advice: a buyer
 * named `=HYPERLINK(…)` stays a name. Numbers are written as they are (docs/api.md "CSV exports").
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (!needsCare.test(value)) return value;
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it (a loop: no array of cells' texts per row). */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = csvCell(cells[0] ?? null);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i] as CsvCell)}`;
  return `${line}\r\n`;
}

const dayMs = 86_400_000;
const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * Timestamps as toIso writes them, as CSV cells, for one export's column: the date is written
 * by toIso once a day (with csvCell's apostrophe before a year toIso writes with a sign), the
 * time of day with integer arithmetic (UTC has no leap seconds in JS), which saves the Date
 * objects and toISOString calls of a large export. test/unit/server/csv-text.test.ts holds it
 * to csvCell(toIso(ms)).
 */
export function isoColumn(): (ms: CsvCell) => string {
  let day = NaN;
  let date = '';
  return (value) => {
    const ms = value as number;
    if (!Number.isInteger(ms)) return csvCell(toIso(ms)); // not a store's timestamp: toIso decides
    const at = Math.floor(ms / dayMs);
    if (at !== day) {
      day = at;
      date = csvCell(toIso(at * dayMs).slice(0, -13)); // "2030-12-24T"
    }
    let rest = ms - at * dayMs;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    return `${date}${twoDigits[hours]}:${twoDigits[minutes]}:${twoDigits[seconds]}.${threeDigits[rest - seconds * 1000]}Z`;
  };
}

/** Below this, an amount's decimal text from integer arithmetic is what toFixed writes (money.ts). */
const exactBelow = 2 ** 52;

/**
 * Money in the currency's major unit with its own decimals ("25.00" usd, "2500" jpy, "1.250"
 * kwd), the form a spreadsheet sums; the `currency` column says which (docs/api.md "CSV exports").
 * The currency's digits are looked up again only when the currency changes. Whole amounts from
 * 0 to 2^52 (every real one) are written with integer arithmetic, the text minorToDecimal's
 * toFixed gives them (its double is within half a unit of the last decimal there); anything else
 * goes through minorToDecimal and csvCell (a negative amount's "-" takes the apostrophe).
 * test/unit/server/csv-text.test.ts holds it to csvCell(minorToDecimal(…)).
 */
export function majorColumn(): (minor: CsvCell, currency: CsvCell) => string {
  let last = '';
  let digits = 2;
  let scale = 100;
  return (value, currency) => {
    if (currency !== last) {
      last = currency as string;
      digits = minorUnitDigits(last);
      scale = 10 ** digits;
    }
    const minor = value as number;
    if (!(minor >= 0 && minor < exactBelow && Number.isInteger(minor)))
      return csvCell(minorToDecimal(minor, digits));
    if (digits === 0) return String(minor);
    const fraction = minor % scale;
    const decimals = digits === 2 ? twoDigits[fraction] : String(fraction).padStart(digits, '0');
    return `${(minor - fraction) / scale}.${decimals}`;
  };
}

/** Quarter hours: every zone's offset changes on one (today's tz database), so a slot has one offset. */
const slotMs = 15 * 60_000;

/**
 * Timestamps on a zone's wall clock as the shift report's CSV writes them ("2026-12-06 00:00",
 * shared/business-day.ts venueDateTime), for a column whose rows each name their zone: what an
 * accountant filters a day by. Intl is asked once per zone and quarter hour (its offset then),
 * not per row; a quarter hour whose two ends disagree (a transition off the quarter, in the
 * tz database's distant past) is read row by row. test/unit/server/csv-text.test.ts holds it to
 * venueDateTime.
 */
export function localColumn(): (ms: CsvCell, zone: string) => string {
  const offsets = new Map<string, { slot: number; offset: number | null }>();
  const offsetAt = (ms: number, zone: string) => wallClockMs(ms, zone) - ms;
  return (value, zone) => {
    const ms = value as number;
    if (!Number.isInteger(ms)) return '';
    const slot = Math.floor(ms / slotMs);
    let known = offsets.get(zone);
    if (known?.slot !== slot) {
      const start = slot * slotMs;
      const offset = offsetAt(start, zone);
      known = { slot, offset: offsetAt(start + slotMs - 1000, zone) === offset ? offset : null };
      offsets.set(zone, known);
    }
    if (known.offset === null) return wallDateTime(ms, zone).replace('T', ' ');
    const wall = Math.floor((ms + known.offset) / 60_000) * 60_000;
    return toIso(wall).slice(0, 16).replace('T', ' ');
  };
}
