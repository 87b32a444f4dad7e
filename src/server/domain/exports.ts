import { minorUnitDigits } from '../../shared/currencies.js';
import { minorToDecimal } from '../../shared/money.js';
import { notFound } from '../errors.js';
import type { EventsRepo } from '../store/events-repo.js';
import { scanExportColumns, type ExportsRepo, type RawRow } from '../store/exports-repo.js';
import type { OrderSearch } from '../store/orders-repo.js';
import type { ScanFilter } from '../store/scans-repo.js';
import { toIso } from '../time.js';

export type CsvCell = string | number | null;

/** A CSV download: its file name, header row, and its rows in chunks taken one at a time. */
export interface CsvExport {
  filename: string;
  header: readonly string[];
  chunks: Iterable<CsvCell[][]>;
}

/** Rows per chunk: ~0.5 MiB of CSV at most, one SQLite read each (exports-repo.ts). */
const chunkRows = 2000;

/** A raw row's cells as they are: SQLite gives text, integers or NULL for these columns. */
type Cells = Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14, CsvCell>>;

const mapChunks = (source: Iterable<RawRow[]>, row: (cells: Cells) => CsvCell[]): Iterable<CsvCell[][]> => ({
  *[Symbol.iterator]() {
    for (const chunk of source) yield (chunk as readonly unknown[] as Cells[]).map(row);
  },
});

/**
 * Timestamps as toIso writes them, for one export's column: the text up to the second is reused
 * while the second repeats (a night's sales come several a second), which saves most of the
 * Date objects and toISOString calls of a large export.
 */
function isoColumn(): (ms: CsvCell) => string {
  let second = NaN;
  let upToSecond = '';
  return (value) => {
    const ms = value as number;
    const at = Math.floor(ms / 1000);
    if (at !== second) {
      second = at;
      upToSecond = toIso(at * 1000).slice(0, -4); // "2030-12-24T19:00:00."
    }
    const milli = ms - at * 1000;
    return `${upToSecond}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
}

/**
 * Money in the currency's major unit with its own decimals ("25.00" usd, "2500" jpy, "1.250"
 * kwd), the form a spreadsheet sums; the `currency` column says which (docs/api.md "CSV exports").
 * The currency's digits are looked up again only when the currency changes.
 */
function majorColumn(): (minor: CsvCell, currency: CsvCell) => string {
  let last = '';
  let digits = 2;
  return (minor, currency) => {
    if (currency !== last) {
      last = currency as string;
      digits = minorUnitDigits(last);
    }
    return minorToDecimal(minor as number, digits);
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
      chunks: mapChunks(this.deps.exports.orders(search, chunkRows), ordersRow()),
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
      chunks: mapChunks(this.deps.exports.attendees(eventId, chunkRows), attendeesRow()),
    };
  }

  scans(filter: ScanFilter): CsvExport {
    if (filter.event_id !== undefined) this.requireEvent(filter.event_id);
    return {
      filename: `scans${filter.event_id ? `-${filter.event_id}` : ''}.csv`,
      header: scanHeader,
      chunks: mapChunks(this.deps.exports.scans(filter, chunkRows), scansRow()),
    };
  }

  private requireEvent(id: string): void {
    if (!this.deps.events.find(id)) throw notFound('event', id, 'event_id');
  }
}

// Each row is one array literal of the raw row's cells (its columns are listed in
// exports-repo.ts; `seq`, cell 0, is left out): no slices or spreads, a large export makes
// one array per row and no more.

/** seq, id, created_at, event_id, status, channel, payment_method, buyer_name, buyer_email, currency, total_cents, refunded_cents. */
function ordersRow(): (c: Cells) => CsvCell[] {
  const iso = isoColumn();
  const major = majorColumn();
  return (c) => [
    c[1],
    iso(c[2]),
    c[3],
    c[4],
    c[5],
    c[6],
    c[7],
    c[8],
    c[9],
    major(c[10], c[9]),
    major(c[11], c[9]),
    major((c[10] as number) - (c[11] as number), c[9]),
  ];
}

/** seq, id, event_id, order_id, ticket_id, name, email, tier_name, ticket_status, admitted, created_at. */
function attendeesRow(): (c: Cells) => CsvCell[] {
  const iso = isoColumn();
  return (c) => [c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], yesNo(c[9]), iso(c[10])];
}

/** seq, id, scanned_at, event_id, ticket_id, result, reason, direction, credential, source, conflict, note, device_id, api_key_id, staff_id. */
function scansRow(): (c: Cells) => CsvCell[] {
  const iso = isoColumn();
  return (c) => [
    c[1],
    iso(c[2]),
    c[3],
    c[4],
    c[5],
    c[6],
    c[7],
    c[8],
    c[9],
    yesNo(c[10]),
    c[11],
    c[12],
    c[13],
    c[14],
  ];
}
