import { minorUnitDigits } from '../../shared/currencies.js';
import { minorToDecimal } from '../../shared/money.js';
import { notFound } from '../errors.js';
import { csvCell, type CsvCell } from './csv-text.js';
import type { EventsRepo } from '../store/events-repo.js';
import { scanExportColumns, type ExportsRepo, type RawRow } from '../store/exports-repo.js';
import type { OrderSearch } from '../store/orders-repo.js';
import type { ScanFilter } from '../store/scans-repo.js';
import { toIso } from '../time.js';

/** A CSV download: its file name, header row, and its records as CSV text, a chunk at a time. */
export interface CsvExport {
  filename: string;
  header: readonly string[];
  chunks: Iterable<string>;
}

/** Rows per chunk: ~0.5 MiB of CSV at most, one SQLite read each (exports-repo.ts). */
const chunkRows = 2000;

/** A raw row's cells as they are: SQLite gives text, integers or NULL for these columns. */
type Cells = Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14, CsvCell>>;

/** Each chunk of raw rows as the CSV text of its records, written by `line` row by row. */
const textChunks = (source: Iterable<RawRow[]>, line: (cells: Cells) => string): Iterable<string> => ({
  *[Symbol.iterator]() {
    for (const chunk of source) {
      let text = '';
      for (const row of chunk as readonly unknown[] as Cells[]) text += line(row);
      yield text;
    }
  },
});

const dayMs = 86_400_000;
const twoDigits = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/**
 * Timestamps as toIso writes them, as CSV cells, for one export's column: the date is written
 * by toIso once a day (with csvCell's apostrophe before a year toIso writes with a sign), the
 * time of day with integer arithmetic (UTC has no leap seconds in JS), which saves the Date
 * objects and toISOString calls of a large export.
 */
function isoColumn(): (ms: CsvCell) => string {
  let day = NaN;
  let date = '';
  return (value) => {
    const ms = value as number;
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
 */
function majorColumn(): (minor: CsvCell, currency: CsvCell) => string {
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
    const decimals =
      digits === 2 ? (twoDigits[fraction] ?? String(fraction)) : String(fraction).padStart(digits, '0');
    return `${(minor - fraction) / scale}.${decimals}`;
  };
}

const yesNo = (flag: CsvCell): string => (flag ? 'yes' : 'no');

/** The scans CSV's columns are the read's (exports-repo.ts) after `seq`, the scan's `id` as `scan_id`. */
const scanHeader: readonly string[] = scanExportColumns
  .slice(1)
  .map((column) => (column === 'id' ? 'scan_id' : column));

/** The CSV downloads of orders, attendees and scans: every row the list's filters select. */
export class ExportsService {
  constructor(private readonly deps: { exports: ExportsRepo; events: EventsRepo }) {}

  orders(search: OrderSearch): CsvExport {
    if (search.eventId !== undefined) this.requireEvent(search.eventId);
    // seq, id, created_at, event_id, status, channel, payment_method, buyer_name, buyer_email,
    // currency, total_cents, refunded_cents (exports-repo.ts orderExportColumns). No ticket
    // count: it costs a read of each order's tickets (4× the export's time at 100,000 orders),
    // and the attendees export has a row per ticket.
    return {
      filename: `orders${search.eventId ? `-${search.eventId}` : ''}.csv`,
      header: [
        'order_id',
        'created_at',
        'event_id',
        'status',
        'channel',
        'payment_method',
        'buyer_name',
        'buyer_email',
        'currency',
        'total',
        'refunded',
        'net',
      ],
      chunks: textChunks(this.deps.exports.orders(search, chunkRows), ordersLine()),
    };
  }

  attendees(eventId: string): CsvExport {
    this.requireEvent(eventId);
    return {
      filename: `attendees-${eventId}.csv`,
      header: [
        'attendee_id',
        'event_id',
        'order_id',
        'ticket_id',
        'name',
        'email',
        'tier',
        'ticket_status',
        'admitted',
        'created_at',
      ],
      chunks: textChunks(this.deps.exports.attendees(eventId, chunkRows), attendeesLine()),
    };
  }

  scans(filter: ScanFilter): CsvExport {
    if (filter.event_id !== undefined) this.requireEvent(filter.event_id);
    return {
      filename: `scans${filter.event_id ? `-${filter.event_id}` : ''}.csv`,
      header: scanHeader,
      chunks: textChunks(this.deps.exports.scans(filter, chunkRows), scansLine()),
    };
  }

  private requireEvent(id: string): void {
    if (!this.deps.events.find(id)) throw notFound('event', id, 'event_id');
  }
}

// Each record is one template of the raw row's cells (their columns are listed in
// exports-repo.ts; `seq`, cell 0, is left out): no array of cells per row, no join.

/** seq, id, created_at, event_id, status, channel, payment_method, buyer_name, buyer_email, currency, total_cents, refunded_cents. */
function ordersLine(): (c: Cells) => string {
  const iso = isoColumn();
  const major = majorColumn();
  return (c) =>
    `${csvCell(c[1])},${iso(c[2])},${csvCell(c[3])},${csvCell(c[4])},${csvCell(c[5])},${csvCell(c[6])},` +
    `${csvCell(c[7])},${csvCell(c[8])},${csvCell(c[9])},${major(c[10], c[9])},${major(c[11], c[9])},` +
    `${major((c[10] as number) - (c[11] as number), c[9])}\r\n`;
}

/** seq, id, event_id, order_id, ticket_id, name, email, tier_name, ticket_status, admitted, created_at. */
function attendeesLine(): (c: Cells) => string {
  const iso = isoColumn();
  return (c) =>
    `${csvCell(c[1])},${csvCell(c[2])},${csvCell(c[3])},${csvCell(c[4])},${csvCell(c[5])},${csvCell(c[6])},` +
    `${csvCell(c[7])},${csvCell(c[8])},${yesNo(c[9])},${iso(c[10])}\r\n`;
}

/** seq, id, scanned_at, event_id, ticket_id, result, reason, direction, credential, source, conflict, note, device_id, api_key_id, staff_id. */
function scansLine(): (c: Cells) => string {
  const iso = isoColumn();
  return (c) =>
    `${csvCell(c[1])},${iso(c[2])},${csvCell(c[3])},${csvCell(c[4])},${csvCell(c[5])},${csvCell(c[6])},` +
    `${csvCell(c[7])},${csvCell(c[8])},${csvCell(c[9])},${yesNo(c[10])},${csvCell(c[11])},` +
    `${csvCell(c[12])},${csvCell(c[13])},${csvCell(c[14])}\r\n`;
}
