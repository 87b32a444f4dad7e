import type { Statement } from 'better-sqlite3';
import type { Credential } from '../../shared/ticket-token.js';
import type { Db } from './db.js';
import { prepareInsert } from './row-statements.js';

export type ScanResult = 'admitted' | 'rejected';
export type ScanDirection = 'in' | 'out';
export type ScanSource = 'online' | 'sync';
/** How the holder was identified: a code they showed, or a steward's manual check-in. */
export type ScanCredential = Credential | 'manual';

export interface ScanRow {
  seq: number;
  id: string;
  event_id: string | null;
  ticket_id: string | null;
  device_id: string | null;
  result: ScanResult;
  reason: string | null;
  direction: ScanDirection;
  scanned_at: number;
  created_at: number;
  source: ScanSource;
  conflict: number;
  sync_key: string | null;
  /** The form the ticket was shown in (its phone code or its paper pass), or `manual`. */
  credential: ScanCredential;
  /** The steward's reason: a manual check-in, or an admission past capacity. */
  note: string | null;
  /** Who acted, beside device_id (null for uploads from before migration 011). */
  api_key_id: string | null;
  staff_id: string | null;
}

export interface ScanFilter {
  event_id?: string;
  device_id?: string;
  ticket_id?: string;
  result?: ScanResult;
  /** Only scans made (scanned_at, ms) at or after this. */
  scannedSince?: number;
}

const filterColumns = ['event_id', 'device_id', 'ticket_id', 'result'] as const;

/** Scan records: every attempt, admitted or not, in arrival order. */
export class ScansRepo {
  private readonly insertRow;
  private readonly bySyncKeyStmt;
  private readonly lastEntryStmt;
  private readonly lastPassingStmt;
  private readonly entryByOtherStmt;
  private readonly pageStmts = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {
    this.insertRow = prepareInsert<Omit<ScanRow, 'seq'>>(db, 'scans', [
      'id',
      'event_id',
      'ticket_id',
      'device_id',
      'result',
      'reason',
      'direction',
      'scanned_at',
      'created_at',
      'source',
      'conflict',
      'sync_key',
      'credential',
      'note',
      'api_key_id',
      'staff_id',
    ]);
    this.bySyncKeyStmt = db.prepare('SELECT * FROM scans WHERE sync_key = ?');
    this.lastEntryStmt = db.prepare(
      `SELECT * FROM scans WHERE ticket_id = ? AND result = 'admitted' AND direction = 'in'
       ORDER BY seq DESC LIMIT 1`,
    );
    this.lastPassingStmt = db.prepare(
      `SELECT * FROM scans WHERE ticket_id = ? AND result = 'admitted' AND scanned_at <= ?
       ORDER BY scanned_at DESC, seq DESC LIMIT 1`,
    );
    this.entryByOtherStmt = db.prepare(
      `SELECT * FROM scans WHERE ticket_id = ? AND result = 'admitted' AND direction = 'in'
         AND seq < (SELECT seq FROM scans WHERE id = ?) AND device_id IS NOT ?
       ORDER BY seq DESC LIMIT 1`,
    );
  }

  insert(row: Omit<ScanRow, 'seq'>): void {
    this.insertRow(row);
  }

  bySyncKey(key: string): ScanRow | undefined {
    return this.bySyncKeyStmt.get(key) as ScanRow | undefined;
  }

  /** The admission that let the holder in last: who to blame when an offline admission collides. */
  lastEntry(ticketId: string): ScanRow | undefined {
    return this.lastEntryStmt.get(ticketId) as ScanRow | undefined;
  }

  /**
   * The entry that had the holder inside at `scannedAt`, by the doors' clocks: the last entry or
   * exit let through at or before then, when it is an entry. Offline uploads arrive in any order;
   * an exit uploaded before another door's earlier entry must not make room for that entry.
   */
  entryInsideAt(ticketId: string, scannedAt: number): ScanRow | undefined {
    const last = this.lastPassingStmt.get(ticketId, scannedAt) as ScanRow | undefined;
    return last?.direction === 'in' ? last : undefined;
  }

  /**
   * The last entry of the ticket by another device (or a till: no device) recorded before scan
   * `scanId`: what that conflicting entry lost to, when no entry had the holder inside at its moment.
   */
  entryByOtherBefore(ticketId: string, scanId: string, deviceId: string | null): ScanRow | undefined {
    return this.entryByOtherStmt.get(ticketId, scanId, deviceId) as ScanRow | undefined;
  }

  /** Filters map to fixed column names; one prepared statement per combination in use. */
  page(filter: ScanFilter, afterSeq: number, limit: number): ScanRow[] {
    const used = filterColumns.filter((column) => filter[column] !== undefined);
    const since = filter.scannedSince;
    const key = [...used, since === undefined ? '' : 'since'].join(',');
    let stmt = this.pageStmts.get(key);
    if (!stmt) {
      const where = ['seq > ?', ...used.map((column) => `${column} = ?`)];
      if (since !== undefined) where.push('scanned_at >= ?');
      stmt = this.db.prepare(`SELECT * FROM scans WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`);
      this.pageStmts.set(key, stmt);
    }
    const values: unknown[] = [afterSeq, ...used.map((column) => filter[column] as string)];
    if (since !== undefined) values.push(since);
    return stmt.all(...values, limit) as ScanRow[];
  }
}
