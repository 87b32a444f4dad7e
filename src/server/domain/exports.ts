import { minorToInput } from '../../shared/money.js';
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

const mapChunks = (source: Iterable<RawRow[]>, row: (raw: RawRow) => CsvCell[]): Iterable<CsvCell[][]> => ({
  *[Symbol.iterator]() {
    for (const chunk of source) yield chunk.map(row);
  },
});

const iso = (ms: unknown): string => toIso(ms as number);
const text = (value: unknown): CsvCell => (value === null ? null : (value as string | number));
/** Columns `from` up to (not including) `to` of a raw row, as they are. */
const texts = (row: RawRow, from: number, to: number): CsvCell[] => row.slice(from, to).map(text);
/**
 * Money in the currency's major unit with its own decimals ("25.00" usd, "2500" jpy, "1.250"
 * kwd), the form a spreadsheet sums; the `currency` column says which (docs/api.md "CSV exports").
 */
const major = (minor: unknown, currency: unknown): string =>
  minorToInput(minor as number, currency as string);

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
      chunks: mapChunks(this.deps.exports.orders(search, chunkRows), (r) => [
        text(r[1]),
        iso(r[2]),
        ...texts(r, 3, 10),
        major(r[10], r[9]),
        major(r[11], r[9]),
        major((r[10] as number) - (r[11] as number), r[9]),
      ]),
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
      chunks: mapChunks(this.deps.exports.attendees(eventId, chunkRows), (r) => [
        ...texts(r, 1, 9),
        r[9] ? 'yes' : 'no',
        iso(r[10]),
      ]),
    };
  }

  scans(filter: ScanFilter): CsvExport {
    if (filter.event_id !== undefined) this.requireEvent(filter.event_id);
    return {
      filename: `scans${filter.event_id ? `-${filter.event_id}` : ''}.csv`,
      header: scanHeader,
      chunks: mapChunks(this.deps.exports.scans(filter, chunkRows), (r) => [
        text(r[1]),
        iso(r[2]),
        ...texts(r, 3, 10),
        r[10] ? 'yes' : 'no',
        ...texts(r, 11, 15),
      ]),
    };
  }

  private requireEvent(id: string): void {
    if (!this.deps.events.find(id)) throw notFound('event', id, 'event_id');
  }
}
