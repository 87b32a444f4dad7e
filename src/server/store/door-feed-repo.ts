import type { Db } from './db.js';
import type { ScanRow } from './scans-repo.js';
import type { TicketStatus } from './tickets-repo.js';

/** Written only by the door_feed triggers (migration 005): 'sold' when minted, else the new status. */
export type FeedChange = 'sold' | TicketStatus;

/** A door feed entry with what a listener needs to render it, read in one query. */
export interface FeedRow {
  seq: number;
  kind: 'scan' | 'ticket';
  event_id: string | null;
  ticket_id: string | null;
  change: FeedChange | null;
  ticket_status: TicketStatus | null;
  /** The scan's columns when kind is 'scan' (prefixed to avoid clashing with the feed's). */
  scan: Omit<ScanRow, 'seq' | 'sync_key'> | null;
}

interface RawFeedRow {
  seq: number;
  kind: 'scan' | 'ticket';
  event_id: string | null;
  ticket_id: string | null;
  change: FeedChange | null;
  ticket_status: TicketStatus | null;
  s_id: string | null;
  s_event_id: string | null;
  s_ticket_id: string | null;
  s_device_id: string | null;
  s_result: ScanRow['result'] | null;
  s_reason: string | null;
  s_direction: ScanRow['direction'] | null;
  s_scanned_at: number | null;
  s_created_at: number | null;
  s_source: ScanRow['source'] | null;
  s_conflict: number | null;
  s_credential: ScanRow['credential'] | null;
  s_note: string | null;
  s_api_key_id: string | null;
  s_staff_id: string | null;
}

/**
 * A dead ticket in a pack; a transferred one with when (ms: its last change, which was the
 * transfer), so an offline door can tell a steward which copy is stale (docs/api.md "Replacing a
 * lost or shared ticket"). Only the revoked carry it: ordinary tickets cost the pack nothing more.
 */
export interface PackRevoked {
  ticket_id: string;
  status: 'voided' | 'transferred';
  transferredAt?: number;
}

export interface DoorState {
  revoked: PackRevoked[];
  scanned: string[];
  exited: string[];
  /**
   * [ticket_id, order_id, attendee name ('' when none), tier index] of active tickets (sold
   * since, for a delta), the index from the caller's tier order (-1 for a tier not in it).
   */
  holders: PackHolder[];
  /** People inside the event now. */
  inside: number;
}

/**
 * A holder as the pack sends it: [ticket, order, name, tier index], and a fifth element `1` for a
 * ticket that reached its holder by a transfer: theirs, not one of the buyer's group, so an
 * offline door does not offer to admit it with the order (migration 020 does the same online).
 */
export type PackHolder = [string, string, string, number] | [string, string, string, number, 1];

const packHolder = (
  id: string,
  orderId: string,
  name: string | null,
  tierIndex: number,
  transferredFrom: string | null,
): PackHolder =>
  transferredFrom === null ? [id, orderId, name ?? '', tierIndex] : [id, orderId, name ?? '', tierIndex, 1];

/** A holders row as read: ticket, order, attendee name, tier id, the ticket it was transferred from. */
type HolderRow = [string, string, string | null, string, string | null];

const feedColumns = `f.seq, f.kind, f.event_id, f.ticket_id, f.change, t.status AS ticket_status,
  s.id AS s_id, s.event_id AS s_event_id, s.ticket_id AS s_ticket_id, s.device_id AS s_device_id,
  s.result AS s_result, s.reason AS s_reason, s.direction AS s_direction,
  s.scanned_at AS s_scanned_at, s.created_at AS s_created_at, s.source AS s_source,
  s.conflict AS s_conflict, s.credential AS s_credential, s.note AS s_note,
  s.api_key_id AS s_api_key_id, s.staff_id AS s_staff_id`;

function fromRaw(raw: RawFeedRow): FeedRow {
  const scan =
    raw.kind === 'scan' && raw.s_id !== null
      ? {
          id: raw.s_id,
          event_id: raw.s_event_id,
          ticket_id: raw.s_ticket_id,
          device_id: raw.s_device_id,
          result: raw.s_result ?? 'rejected',
          reason: raw.s_reason,
          direction: raw.s_direction ?? 'in',
          scanned_at: raw.s_scanned_at ?? 0,
          created_at: raw.s_created_at ?? 0,
          source: raw.s_source ?? 'online',
          conflict: raw.s_conflict ?? 0,
          credential: raw.s_credential ?? 'rotating',
          note: raw.s_note,
          api_key_id: raw.s_api_key_id,
          staff_id: raw.s_staff_id,
        }
      : null;
  return {
    seq: raw.seq,
    kind: raw.kind,
    event_id: raw.event_id,
    ticket_id: raw.ticket_id,
    change: raw.change,
    ticket_status: raw.ticket_status,
    scan,
  };
}

function packRevoked(id: string, status: 'voided' | 'transferred', updatedAt: number): PackRevoked {
  return status === 'transferred'
    ? { ticket_id: id, status, transferredAt: updatedAt }
    : { ticket_id: id, status };
}

/**
 * Reads of the door feed (migration 005): the SSE stream follows it, and door packs use its
 * sequence as their cursor so a door can ask for "what changed since".
 */
export class DoorFeedRepo {
  private readonly maxSeqStmt;
  private readonly afterStmt;
  private readonly afterForEventStmt;
  private readonly revokedOrInsideStmt;
  private readonly changedStmt;
  private readonly wholeWithHoldersStmt;
  private readonly newHoldersStmt;
  private readonly insideCountStmt;

  constructor(private readonly db: Db) {
    this.maxSeqStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM door_feed').pluck();
    const from = `FROM door_feed f LEFT JOIN scans s ON s.id = f.scan_id
      LEFT JOIN tickets t ON t.id = f.ticket_id`;
    this.afterStmt = db.prepare(`SELECT ${feedColumns} ${from} WHERE f.seq > ? ORDER BY f.seq LIMIT ?`);
    this.afterForEventStmt = db.prepare(
      `SELECT ${feedColumns} ${from} WHERE f.event_id = ? AND f.seq > ? ORDER BY f.seq LIMIT ?`,
    );
    // Raw arrays rather than objects: a 100,000-ticket pack builds measurably faster.
    // A whole pack without names: the revoked tickets and those inside, in one pass over the
    // event's tickets (two passes cost twice the reads of 100,000 rows).
    this.revokedOrInsideStmt = db
      .prepare(
        `SELECT id, status, updated_at FROM tickets WHERE event_id = ? AND (status <> 'active' OR inside = 1)
         ORDER BY seq`,
      )
      .raw();
    this.changedStmt = db
      .prepare(
        `SELECT id, status, inside, scan_count, updated_at FROM tickets WHERE id IN (
           SELECT ticket_id FROM door_feed WHERE event_id = ? AND seq > ? AND ticket_id IS NOT NULL)`,
      )
      .raw();
    // A whole pack with names reads the event's tickets once, in sale order (tickets_by_event, no
    // sort) so an order's tickets sit together, and sorts each row into holders, revoked or
    // inside: three scans of 100,000 rows cost more. Names only for active tickets, never emails.
    this.wholeWithHoldersStmt = db
      .prepare(
        `SELECT t.id, t.status, t.inside, t.order_id, t.tier_id, a.name, t.transferred_from, t.updated_at
         FROM tickets t LEFT JOIN attendees a ON a.id = t.attendee_id AND t.status = 'active'
         WHERE t.event_id = ? ORDER BY t.seq`,
      )
      .raw();
    const holderColumns = `SELECT t.id, t.order_id, a.name, t.tier_id, t.transferred_from
      FROM tickets t LEFT JOIN attendees a ON a.id = t.attendee_id`;
    this.newHoldersStmt = db
      .prepare(
        `${holderColumns} WHERE t.id IN (
           SELECT ticket_id FROM door_feed WHERE event_id = ? AND seq > ? AND kind = 'ticket' AND change = 'sold')
         AND t.status = 'active' ORDER BY t.seq`,
      )
      .raw();
    this.insideCountStmt = db.prepare('SELECT inside FROM events WHERE id = ?').pluck();
  }

  maxSeq(): number {
    return this.maxSeqStmt.get() as number;
  }

  after(seq: number, eventId: string | null, limit: number): FeedRow[] {
    const rows = (
      eventId === null ? this.afterStmt.all(seq, limit) : this.afterForEventStmt.all(eventId, seq, limit)
    ) as RawFeedRow[];
    return rows.map(fromRaw);
  }

  /**
   * The door state of an event, whole or since a cursor, and the cursor it is good up to. One
   * read transaction, so the cursor and the lists describe the same moment. `tierIndex` numbers
   * the holders' tiers; without it `holders` stays empty (a door that only scans skips names).
   * A cursor beyond the feed's end was handed out by another history of this store (a backup
   * restored since, or the old laptop): the door's set of who is inside and its guests are from
   * that history, so it gets the whole state (`full`), as on its first pull.
   */
  doorState(
    eventId: string,
    asked: number | null,
    tierIndex: ReadonlyMap<string, number> | null,
  ): { state: DoorState; cursor: number; full: boolean } {
    return this.db.transaction(() => {
      const cursor = this.maxSeq();
      const since = asked !== null && asked > cursor ? null : asked;
      const full = since === null;
      const inside = (this.insideCountStmt.get(eventId) as number | undefined) ?? 0;
      const state: DoorState = { revoked: [], scanned: [], exited: [], holders: [], inside };
      if (since === null && tierIndex) {
        this.readWhole(eventId, tierIndex, state);
        return { state, cursor, full };
      }
      if (since === null) {
        for (const [id, status, updatedAt] of this.revokedOrInsideStmt.iterate(eventId) as IterableIterator<
          [string, TicketStatus, number]
        >)
          if (status === 'active') state.scanned.push(id);
          else state.revoked.push(packRevoked(id, status, updatedAt));
        return { state, cursor, full };
      }
      if (tierIndex)
        for (const [id, orderId, name, tierId, from] of this.newHoldersStmt.all(
          eventId,
          since,
        ) as HolderRow[])
          state.holders.push(packHolder(id, orderId, name, tierIndex.get(tierId) ?? -1, from));
      for (const [id, status, isInside, scanCount, updatedAt] of this.changedStmt.all(eventId, since) as [
        string,
        string,
        number,
        number,
        number,
      ][]) {
        if (status === 'voided' || status === 'transferred')
          state.revoked.push(packRevoked(id, status, updatedAt));
        else if (isInside === 1) state.scanned.push(id);
        else if (scanCount > 0) state.exited.push(id);
      }
      return { state, cursor, full };
    })();
  }

  /** The whole state with holders, from one pass over the event's tickets. */
  private readWhole(eventId: string, tierIndex: ReadonlyMap<string, number>, state: DoorState): void {
    const { holders, revoked, scanned } = state;
    for (const [
      id,
      status,
      isInside,
      orderId,
      tierId,
      name,
      from,
      updatedAt,
    ] of this.wholeWithHoldersStmt.iterate(eventId) as IterableIterator<
      [string, TicketStatus, number, string, string, string | null, string | null, number]
    >) {
      if (status !== 'active') revoked.push(packRevoked(id, status, updatedAt));
      else {
        holders.push(packHolder(id, orderId, name, tierIndex.get(tierId) ?? -1, from));
        if (isInside === 1) scanned.push(id);
      }
    }
  }
}
