import { notFound } from '../errors.js';
import { csvCell, isoColumn, localColumn, majorColumn, type CsvCell } from './csv-text.js';
import type { EventsRepo } from '../store/events-repo.js';
import { scanExportColumns, type ExportsRepo, type RawRow } from '../store/exports-repo.js';
import type { OrderSearch } from '../store/orders-repo.js';
import type { ScanFilter } from '../store/scans-repo.js';
import type { ShiftsRepo } from '../store/shifts-repo.js';
import { requireSearchTargets } from './order-search.js';
import { moneyTimeZone } from './venue-clock.js';

/**
 * A CSV download: its file name, header row, and its records as CSV text, a chunk at a time
 * (async where the reading yields to the event loop between slices: a whole-year order search).
 */
export interface CsvExport<
  Chunks extends Iterable<string> | AsyncIterable<string> = Iterable<string> | AsyncIterable<string>,
> {
  filename: string;
  header: readonly string[];
  chunks: Chunks;
}

/**
 * Rows per chunk: ~150 KiB of CSV, one SQLite read each (exports-repo.ts). A chunk's rows and text
 * then die young (V8's scavenger frees them); at 2000 rows an orders export took 20–40 ms more CPU
 * per 100,000 rows, measured interleaved.
 */
const chunkRows = 1000;

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

/** textChunks over a source read in slices that yield to the event loop between them. */
async function* textChunksInSlices(
  source: AsyncIterable<RawRow[]>,
  line: (cells: Cells) => string,
): AsyncGenerator<string> {
  for await (const chunk of source) yield* textChunks([chunk], line);
}

const yesNo = (flag: CsvCell): string => (flag ? 'yes' : 'no');

/** The scans CSV's columns are the read's (exports-repo.ts) after `seq`, the scan's `id` as `scan_id`. */
const scanHeader: readonly string[] = scanExportColumns
  .slice(1)
  .map((column) => (column === 'id' ? 'scan_id' : column));

/** The CSV downloads of orders, attendees and scans: every row the list's filters select. */
export class ExportsService {
  constructor(
    private readonly deps: {
      exports: ExportsRepo;
      events: EventsRepo;
      shifts: ShiftsRepo;
      /** The venue's clock (Settings), for a row of no event. */
      venueTimeZone: () => string;
    },
  ) {}

  orders(search: OrderSearch): CsvExport {
    requireSearchTargets(search, this.deps);
    // seq, id, created_at, event_id, `status,channel,payment_method`, buyer_name, buyer_email,
    // currency, total_cents, refunded_cents, shift_id (exports-repo.ts orderExportColumns). No ticket
    // count: it costs a read of each order's tickets (4× the export's time at 100,000 orders),
    // and the attendees export has a row per ticket.
    return {
      filename: `orders${search.eventId ? `-${search.eventId}` : ''}${search.shiftId ? `-${search.shiftId}` : ''}.csv`,
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
        // Each added after the columns before it: a reader that takes them by position keeps its own.
        'shift_id',
        // The venue's day and time of the sale (its event's zone), which the takings count by.
        'created_at_local',
        'time_zone',
      ],
      chunks: textChunksInSlices(
        this.deps.exports.ordersInSlices(search, chunkRows),
        ordersLine(search, this.zoneOf()),
      ),
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
        // As the orders file: the venue's clock, the event's zone.
        'created_at_local',
        'time_zone',
      ],
      chunks: textChunks(
        this.deps.exports.attendees(eventId, chunkRows),
        attendeesLine(this.zoneOf()(eventId)),
      ),
    };
  }

  scans(filter: ScanFilter): CsvExport {
    if (filter.event_id !== undefined) this.requireEvent(filter.event_id);
    return {
      filename: `scans${filter.event_id ? `-${filter.event_id}` : ''}.csv`,
      header: [...scanHeader, 'scanned_at_local', 'time_zone'],
      chunks: textChunks(this.deps.exports.scans(filter, chunkRows), scansLine(this.zoneOf())),
    };
  }

  /**
   * Each event's time zone, looked up once per export (a night's file names a few events); the
   * venue's clock for a row of no event (a scan of a code that named none), of one since deleted,
   * or of one made before events had zones.
   */
  private zoneOf(): (eventId: string | null) => string {
    const zones = new Map<string | null, string>();
    return (eventId) => {
      let zone = zones.get(eventId);
      if (zone === undefined) {
        const event = eventId === null ? undefined : this.deps.events.find(eventId);
        zone = event ? moneyTimeZone(event, this.deps.venueTimeZone) : this.deps.venueTimeZone();
        zones.set(eventId, zone);
      }
      return zone;
    };
  }

  private requireEvent(id: string): void {
    if (!this.deps.events.find(id)) throw notFound('event', id, 'event_id');
  }
}

// Each record is one template of the raw row's cells (their columns are listed in
// exports-repo.ts; `seq`, cell 0, is left out): no array of cells per row, no join.

/**
 * seq, id, created_at, event_id, `status,channel,payment_method`, buyer_name, buyer_email, currency,
 * total_cents, refunded_cents, shift_id; then created_at again on its event's clock, and that zone.
 */
function ordersLine(search: OrderSearch, zoneOf: (eventId: string) => string): (c: Cells) => string {
  const iso = isoColumn();
  const local = localColumn();
  const major = majorColumn();
  // Read as NULL when the filter fixes it (exports-repo.ts): the filter's value, written once.
  const event = search.eventId === undefined ? undefined : csvCell(search.eventId);
  // The ids are ours (ids.ts) and status, channel and payment_method are held by the schema's
  // CHECKs to plain words: written as they are, without csvCell's test. No shift: empty.
  return (c) => {
    const zone = zoneOf(search.eventId ?? (c[3] as string));
    return (
      `${c[1] as string},${iso(c[2])},${event ?? csvCell(c[3])},${c[4] as string},` +
      `${csvCell(c[5])},${csvCell(c[6])},${csvCell(c[7])},${major(c[8], c[7])},${major(c[9], c[7])},` +
      `${major((c[8] as number) - (c[9] as number), c[7])},${(c[10] as string | null) ?? ''},` +
      `${local(c[2], zone)},${csvCell(zone)}\r\n`
    );
  };
}

/**
 * seq, id, event_id, order_id, ticket_id, name, email, tier_name, ticket_status, admitted,
 * created_at; then created_at on the event's clock, and its zone.
 */
function attendeesLine(zone: string): (c: Cells) => string {
  const iso = isoColumn();
  const local = localColumn();
  const zoneCell = csvCell(zone);
  return (c) =>
    `${csvCell(c[1])},${csvCell(c[2])},${csvCell(c[3])},${csvCell(c[4])},${csvCell(c[5])},${csvCell(c[6])},` +
    `${csvCell(c[7])},${csvCell(c[8])},${yesNo(c[9])},${iso(c[10])},${local(c[10], zone)},${zoneCell}\r\n`;
}

/**
 * seq, id, scanned_at, event_id, ticket_id, result, reason, direction, credential, source, conflict,
 * note, device_id, api_key_id, staff_id; then scanned_at on its event's clock, and that zone.
 */
function scansLine(zoneOf: (eventId: string | null) => string): (c: Cells) => string {
  const iso = isoColumn();
  const local = localColumn();
  return (c) => {
    const zone = zoneOf(c[3] as string | null);
    return (
      `${csvCell(c[1])},${iso(c[2])},${csvCell(c[3])},${csvCell(c[4])},${csvCell(c[5])},${csvCell(c[6])},` +
      `${csvCell(c[7])},${csvCell(c[8])},${csvCell(c[9])},${yesNo(c[10])},${csvCell(c[11])},` +
      `${csvCell(c[12])},${csvCell(c[13])},${csvCell(c[14])},${local(c[2], zone)},${csvCell(zone)}\r\n`
    );
  };
}
