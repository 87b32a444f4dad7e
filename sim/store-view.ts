/**
 * The server's own record of the evening, read straight from its SQLite file, read-only (WAL
 * lets a reader in beside the running server). The reconciliation compares it with what the
 * doors saw, what the webhook receiver got and what the simulation did.
 */
import Database from 'better-sqlite3';

export interface StoreView {
  tiers: {
    id: string;
    event_id: string;
    name: string;
    quantity: number;
    sold: number;
    price_cents: number;
    /** 1 when the tier's tickets have paper passes. */
    paper_pass: number;
  }[];
  orders: number;
  grossCents: number;
  refundedCents: number;
  /** Tickets by status, every event. */
  ticketsByStatus: Record<string, number>;
  /** Tickets minted by checkout (transfers mint a ticket too, but sell nothing). */
  ticketsSold: number;
  /** Σ scan_count over the main event's tickets: admissions the server counted. */
  admissions: number;
  /** Main-event tickets with scan_count > 1 (only an exit allows that; we have none). */
  ticketsCountedTwice: number;
  scans: {
    total: number;
    byResult: Record<string, number>;
    byReason: Record<string, number>;
    bySource: Record<string, number>;
    withTicket: number;
    conflicts: number;
    /** Admissions (in) as the server recorded them, by what was shown: `rotating`, `paper`. */
    admittedByCredential: Record<string, number>;
  };
  /** ticket id → scan records flagged `conflict` (another door admitted it first). */
  conflictTickets: Map<string, number>;
  webhookMessages: Record<string, number>;
  deliveries: Record<string, number>;
  /** Deliveries with at least one counted failed attempt (offline tries are not counted). */
  deliveriesWithFailures: number;
  maxAttempts: number;
}

const grouped = (rows: { k: string | null; n: number }[]): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.k ?? 'null', r.n]));

export function readStore(dbFile: string, mainEventId: string): StoreView {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const all = <T>(sql: string, ...params: unknown[]): T[] => db.prepare(sql).all(...params) as T[];
    const one = <T>(sql: string, ...params: unknown[]): T => db.prepare(sql).get(...params) as T;
    const money = one<{ n: number; gross: number | null; refunded: number | null }>(
      'SELECT count(*) AS n, sum(total_cents) AS gross, sum(refunded_cents) AS refunded FROM orders',
    );
    const admissions = one<{ total: number | null; twice: number | null }>(
      'SELECT sum(scan_count) AS total, sum(scan_count > 1) AS twice FROM tickets WHERE event_id = ?',
      mainEventId,
    );
    const scanRows = `FROM scans WHERE event_id = ?`;
    const conflictTickets = new Map<string, number>();
    for (const row of all<{ ticket_id: string; n: number }>(
      `SELECT ticket_id, count(*) AS n ${scanRows} AND conflict = 1 GROUP BY ticket_id`,
      mainEventId,
    )) {
      conflictTickets.set(row.ticket_id, row.n);
    }
    return {
      tiers: all(
        'SELECT id, event_id, name, quantity, sold, price_cents, paper_pass FROM tiers ORDER BY seq',
      ),
      orders: money.n,
      grossCents: money.gross ?? 0,
      refundedCents: money.refunded ?? 0,
      ticketsByStatus: grouped(all('SELECT status AS k, count(*) AS n FROM tickets GROUP BY status')),
      ticketsSold: one<{ n: number }>('SELECT count(*) AS n FROM tickets WHERE transferred_from IS NULL').n,
      admissions: admissions.total ?? 0,
      ticketsCountedTwice: admissions.twice ?? 0,
      scans: {
        total: one<{ n: number }>(`SELECT count(*) AS n ${scanRows}`, mainEventId).n,
        byResult: grouped(all(`SELECT result AS k, count(*) AS n ${scanRows} GROUP BY result`, mainEventId)),
        byReason: grouped(
          all(
            `SELECT reason AS k, count(*) AS n ${scanRows} AND reason IS NOT NULL GROUP BY reason`,
            mainEventId,
          ),
        ),
        bySource: grouped(all(`SELECT source AS k, count(*) AS n ${scanRows} GROUP BY source`, mainEventId)),
        withTicket: one<{ n: number }>(
          `SELECT count(*) AS n ${scanRows} AND ticket_id IS NOT NULL`,
          mainEventId,
        ).n,
        conflicts: one<{ n: number }>(`SELECT count(*) AS n ${scanRows} AND conflict = 1`, mainEventId).n,
        admittedByCredential: grouped(
          all(
            `SELECT credential AS k, count(*) AS n ${scanRows} AND result = 'admitted' AND direction = 'in' GROUP BY credential`,
            mainEventId,
          ),
        ),
      },
      conflictTickets,
      webhookMessages: grouped(all('SELECT type AS k, count(*) AS n FROM webhook_messages GROUP BY type')),
      deliveries: grouped(all('SELECT status AS k, count(*) AS n FROM webhook_deliveries GROUP BY status')),
      deliveriesWithFailures: one<{ n: number }>(
        'SELECT count(*) AS n FROM webhook_deliveries WHERE failures > 0',
      ).n,
      maxAttempts: one<{ n: number | null }>('SELECT max(attempts) AS n FROM webhook_deliveries').n ?? 0,
    };
  } finally {
    db.close();
  }
}
