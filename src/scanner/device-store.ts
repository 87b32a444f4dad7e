/**
 * A door device's state in one local SQLite file (Node): the pairing, the door pack, who is
 * inside as far as this door knows, and the offline scans waiting for sync. WAL and one
 * transaction per scan, so a door that loses power mid-shift loses nothing it decided.
 */
import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { ensureParentDir, preparePrivateSqliteFile } from '../shared/private-files.js';
import type {
  ConflictRecord,
  DeviceState,
  DeviceStatus,
  DoubleAdmission,
  PackInfo,
  Pairing,
  QueuedScan,
  StateChanges,
} from './device-state.js';
import type { AdmissionState, Holder, OfflineDecision, RevokedStatus } from './types.js';

const schemaVersion = 6;

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS revoked (ticket_id TEXT PRIMARY KEY, status TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS admissions (
  ticket_id TEXT PRIMARY KEY,
  inside    INTEGER NOT NULL,
  count     INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS queue (
  seq        INTEGER PRIMARY KEY,
  token      TEXT NOT NULL,
  ticket_id  TEXT,
  scanned_at INTEGER NOT NULL,
  result     TEXT NOT NULL,
  reason     TEXT,
  direction  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS holders (
  ticket_id TEXT PRIMARY KEY,
  order_id  TEXT NOT NULL,
  name      TEXT NOT NULL,
  tier_id   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS conflicts (
  seq           INTEGER PRIMARY KEY,
  ticket_id     TEXT,
  scanned_at    INTEGER NOT NULL,
  local_result  TEXT NOT NULL,
  server_result TEXT NOT NULL,
  server_reason TEXT,
  conflict      INTEGER NOT NULL,
  recorded_at   INTEGER NOT NULL
);
`;

/** Added to the queue in version 2 (CREATE TABLE IF NOT EXISTS keeps a version 1 queue as it was). */
const queueV2 = `
ALTER TABLE queue ADD COLUMN kind TEXT NOT NULL DEFAULT 'code';
ALTER TABLE queue ADD COLUMN note TEXT;
`;

/** Added to the holders in version 3: a ticket transferred in is not one of the buyer's group. */
const holdersV3 = `
ALTER TABLE holders ADD COLUMN from_transfer INTEGER NOT NULL DEFAULT 0;
`;

/** Added to the queue in version 4: scans recorded under a pairing revoked since (QueuedScan.held). */
const queueV4 = `
ALTER TABLE queue ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
`;

/** Added to the conflicts in version 5: both doors of a double admission (JSON; ConflictRecord). */
const conflictsV5 = `
ALTER TABLE conflicts ADD COLUMN double_admission TEXT;
`;

/**
 * Added to the revocations in version 6: when a transferred ticket was replaced, so a door
 * restarted offline still says "replaced at 19:30" (it was kept in memory only before).
 */
const revokedV6 = `
ALTER TABLE revoked ADD COLUMN transferred_at TEXT;
`;

interface QueueRow {
  seq: number;
  kind: QueuedScan['kind'];
  note: string | null;
  token: string;
  ticket_id: string | null;
  scanned_at: number;
  result: QueuedScan['result'];
  reason: QueuedScan['reason'];
  direction: QueuedScan['direction'];
  held: number;
}

interface ConflictRow {
  ticket_id: string | null;
  scanned_at: number;
  local_result: ConflictRecord['localResult'];
  server_result: ConflictRecord['serverResult'];
  server_reason: ConflictRecord['serverReason'];
  conflict: number;
  recorded_at: number;
  double_admission: string | null;
}

function queuedScan(row: QueueRow): QueuedScan {
  return {
    seq: row.seq,
    kind: row.kind,
    token: row.token,
    note: row.note,
    ticketId: row.ticket_id,
    scannedAt: row.scanned_at,
    result: row.result,
    reason: row.reason,
    direction: row.direction,
    ...(row.held === 1 ? { held: true } : {}),
  };
}

export class DeviceStoreError extends Error {}

export class SqliteDeviceState implements DeviceState {
  private readonly db: Database.Database;
  private readonly stmt;

  constructor(readonly file: string) {
    // It holds the door's API key: a folder it creates is 0700, the store and its -wal/-shm 0600.
    ensureParentDir(dirname(file));
    preparePrivateSqliteFile(file);
    this.db = new Database(file);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('busy_timeout = 5000');
      const version = this.db.pragma('user_version', { simple: true }) as number;
      if (version > schemaVersion) {
        throw new DeviceStoreError(
          `${file} was written by a newer scanner (schema ${version}); nothing was changed`,
        );
      }
      this.db.transaction(() => {
        this.db.exec(schema);
        // Version 2: manual check-ins wait in the queue beside scanned codes.
        if (version < 2) this.db.exec(queueV2);
        if (version < 3) this.db.exec(holdersV3);
        if (version < 4) this.db.exec(queueV4);
        if (version < 5) this.db.exec(conflictsV5);
        if (version < 6) this.db.exec(revokedV6);
        this.db.pragma(`user_version = ${schemaVersion}`);
      })();
    } catch (err) {
      this.db.close();
      throw err;
    }
    const db = this.db;
    this.stmt = {
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
      setMeta: db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      // A later word without the time (the feed, an online answer) keeps the time known.
      revoke: db.prepare(
        `INSERT INTO revoked (ticket_id, status, transferred_at) VALUES (?, ?, ?)
         ON CONFLICT (ticket_id) DO UPDATE SET status = excluded.status,
           transferred_at = COALESCE(excluded.transferred_at, revoked.transferred_at)`,
      ),
      admit: db.prepare(
        `INSERT INTO admissions (ticket_id, inside, count) VALUES (?, ?, ?)
         ON CONFLICT (ticket_id) DO UPDATE SET inside = excluded.inside, count = excluded.count`,
      ),
      allRevoked: db.prepare('SELECT ticket_id, status, transferred_at FROM revoked').raw(),
      allAdmissions: db.prepare('SELECT ticket_id, inside, count FROM admissions').raw(),
      enqueue: db.prepare(
        `INSERT INTO queue (kind, token, note, ticket_id, scanned_at, result, reason, direction)
         VALUES (@kind, @token, @note, @ticket_id, @scanned_at, @result, @reason, @direction)`,
      ),
      holder: db.prepare(
        `INSERT INTO holders (ticket_id, order_id, name, tier_id, from_transfer) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (ticket_id) DO UPDATE SET order_id = excluded.order_id, name = excluded.name,
           tier_id = excluded.tier_id, from_transfer = excluded.from_transfer`,
      ),
      allHolders: db.prepare('SELECT ticket_id, order_id, name, tier_id, from_transfer FROM holders').raw(),
      clearHolders: db.prepare('DELETE FROM holders'),
      queued: db.prepare('SELECT * FROM queue WHERE held = 0 ORDER BY seq LIMIT ?'),
      holdQueue: db.prepare('UPDATE queue SET held = 1'),
      heldScans: db.prepare('SELECT * FROM queue WHERE held = 1 ORDER BY seq'),
      releaseHeld: db.prepare('UPDATE queue SET held = 0 WHERE held = 1'),
      unqueue: db.prepare('DELETE FROM queue WHERE seq = ?'),
      conflict: db.prepare(
        `INSERT INTO conflicts (ticket_id, scanned_at, local_result, server_result, server_reason, conflict, recorded_at, double_admission)
         VALUES (@ticket_id, @scanned_at, @local_result, @server_result, @server_reason, @conflict, @recorded_at, @double_admission)`,
      ),
      conflicts: db.prepare('SELECT * FROM conflicts ORDER BY seq'),
      counts: db.prepare(
        `SELECT (SELECT COUNT(*) FROM queue WHERE held = 0) AS queued,
           (SELECT COUNT(*) FROM queue WHERE held = 1) AS held, (SELECT COUNT(*) FROM conflicts) AS conflicts,
           (SELECT COUNT(*) FROM admissions) AS admissions, (SELECT COUNT(*) FROM revoked) AS revoked`,
      ),
    };
  }

  loadPairing(): Pairing | null {
    return this.json<Pairing>('pairing');
  }

  savePairing(pairing: Pairing): void {
    this.db.transaction(() => {
      const before = this.loadPairing();
      if (!before || before.baseUrl !== pairing.baseUrl || before.eventId !== pairing.eventId) {
        // Another venue or event: yesterday's pack and admissions would only mislead.
        this.db.exec(
          `DELETE FROM revoked; DELETE FROM admissions; DELETE FROM holders;
           DELETE FROM meta WHERE key IN ('pack', 'feed_cursor')`,
        );
      }
      // Scans recorded under a pairing the manager revoked (a lost or misused door, maybe) are
      // not uploaded under the new one unless someone decides to (releaseHeld).
      if (before?.revokedAt !== undefined && before.deviceId !== pairing.deviceId) this.stmt.holdQueue.run();
      this.setJson('pairing', pairing);
    })();
  }

  loadPack(): PackInfo | null {
    return this.json<PackInfo>('pack');
  }

  savePack(info: PackInfo, changes: StateChanges): void {
    this.db.transaction(() => {
      this.setJson('pack', info);
      this.applyChanges(changes);
    })();
  }

  admissions(): Iterable<[string, AdmissionState]> {
    return (this.stmt.allAdmissions.all() as [string, number, number][]).map(([id, inside, count]) => [
      id,
      { inside: inside === 1, count },
    ]);
  }

  revocations(): Iterable<[string, RevokedStatus, string?]> {
    return (this.stmt.allRevoked.all() as [string, RevokedStatus, string | null][]).map(
      ([ticketId, status, transferredAt]) =>
        transferredAt === null ? [ticketId, status] : [ticketId, status, transferredAt],
    );
  }

  holders(): Iterable<Holder> {
    return (this.stmt.allHolders.all() as [string, string, string, string, number][]).map(
      ([ticketId, orderId, name, tierId, fromTransfer]) => ({
        ticketId,
        orderId,
        name,
        tierId,
        ...(fromTransfer === 1 ? { fromTransfer: true } : {}),
      }),
    );
  }

  saveChanges(changes: StateChanges): void {
    this.db.transaction(() => this.applyChanges(changes))();
  }

  recordOfflineScan(
    token: string,
    decision: OfflineDecision,
    admission: AdmissionState | null,
    note: string | null = null,
  ): number {
    return this.db.transaction(() => {
      if (admission && decision.ticketId) this.saveAdmission(decision.ticketId, admission);
      const info = this.stmt.enqueue.run({
        kind: decision.credential === 'manual' ? 'manual' : 'code',
        note,
        token,
        ticket_id: decision.ticketId,
        scanned_at: decision.scannedAt,
        result: decision.result,
        reason: decision.reason,
        direction: decision.direction,
      });
      return Number(info.lastInsertRowid);
    })();
  }

  queued(limit: number): QueuedScan[] {
    return (this.stmt.queued.all(limit) as QueueRow[]).map(queuedScan);
  }

  releaseHeld(): QueuedScan[] {
    return this.db.transaction(() => {
      const held = (this.stmt.heldScans.all() as QueueRow[]).map((row) => queuedScan({ ...row, held: 0 }));
      this.stmt.releaseHeld.run();
      return held;
    })();
  }

  settle(seqs: readonly number[], conflicts: readonly ConflictRecord[], syncedAt: number | null): void {
    this.db.transaction(() => {
      for (const seq of seqs) this.stmt.unqueue.run(seq);
      for (const c of conflicts) {
        this.stmt.conflict.run({
          ticket_id: c.ticketId,
          scanned_at: c.scannedAt,
          local_result: c.localResult,
          server_result: c.serverResult,
          server_reason: c.serverReason,
          conflict: c.conflict ? 1 : 0,
          recorded_at: c.recordedAt,
          double_admission: c.doubleAdmission ? JSON.stringify(c.doubleAdmission) : null,
        });
      }
      if (syncedAt !== null) this.stmt.setMeta.run('last_sync_at', String(syncedAt));
    })();
  }

  setAside(seqs: readonly number[], syncedAt: number): void {
    this.db.transaction(() => {
      for (const seq of seqs) this.stmt.unqueue.run(seq);
      this.stmt.setMeta.run('set_aside_total', String(this.setAsideTotal() + seqs.length));
      this.stmt.setMeta.run('last_sync_at', String(syncedAt));
    })();
  }

  conflicts(): ConflictRecord[] {
    return (this.stmt.conflicts.all() as ConflictRow[]).map((row) => ({
      ticketId: row.ticket_id,
      scannedAt: row.scanned_at,
      localResult: row.local_result,
      serverResult: row.server_result,
      serverReason: row.server_reason,
      conflict: row.conflict === 1,
      recordedAt: row.recorded_at,
      ...(row.double_admission
        ? { doubleAdmission: JSON.parse(row.double_admission) as DoubleAdmission }
        : {}),
    }));
  }

  feedCursor(): string | null {
    return (this.stmt.getMeta.get('feed_cursor') as string | undefined) ?? null;
  }

  saveFeedCursor(cursor: string): void {
    this.stmt.setMeta.run('feed_cursor', cursor);
  }

  status(): DeviceStatus {
    const counts = this.stmt.counts.get() as {
      queued: number;
      held: number;
      conflicts: number;
      admissions: number;
      revoked: number;
    };
    const pack = this.loadPack();
    const lastSync = this.stmt.getMeta.get('last_sync_at') as string | undefined;
    return {
      paired: this.loadPairing() !== null,
      ...counts,
      lastSyncAt: lastSync === undefined ? null : Number(lastSync),
      setAside: this.setAsideTotal(),
      packPulledAt: pack?.pulledAt ?? null,
      packGeneratedAt: pack?.generatedAt ?? null,
      feedCursor: this.feedCursor(),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private setAsideTotal(): number {
    return Number((this.stmt.getMeta.get('set_aside_total') as string | undefined) ?? 0);
  }

  private applyChanges(changes: StateChanges): void {
    if (changes.holdersReplaced) this.stmt.clearHolders.run();
    for (const h of changes.holders ?? [])
      this.stmt.holder.run(h.ticketId, h.orderId, h.name, h.tierId, h.fromTransfer ? 1 : 0);
    for (const entry of changes.revoked)
      this.stmt.revoke.run(entry.ticket_id, entry.status, entry.transferred_at ?? null);
    for (const [ticketId, state] of changes.admissions) this.saveAdmission(ticketId, state);
  }

  private saveAdmission(ticketId: string, state: AdmissionState): void {
    this.stmt.admit.run(ticketId, state.inside ? 1 : 0, state.count);
  }

  /**
   * The server's clock minus this device's, as last measured (door-clock.ts); kept so that a CLI
   * run, or a door that has lost the network, scans on the server's time from its first scan.
   */
  clockOffsetMs(): number | null {
    const raw = this.stmt.getMeta.get('clock_offset_ms') as string | undefined;
    const value = raw === undefined ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  }

  saveClockOffset(offsetMs: number): void {
    this.stmt.setMeta.run('clock_offset_ms', String(Math.round(offsetMs)));
  }

  /**
   * The server's time minus the monotonic clock as last measured, when that clock is the run
   * named (this boot: node-door.ts); null if it was measured on another. Unlike the offset, it
   * holds however the wall clock was set since.
   */
  serverClockAnchor(clockRun: string): number | null {
    const kept = this.json<{ run: string; server_minus_monotonic_ms: number }>('clock_anchor');
    if (kept === null || kept.run !== clockRun) return null;
    return Number.isFinite(kept.server_minus_monotonic_ms) ? kept.server_minus_monotonic_ms : null;
  }

  saveServerClockAnchor(clockRun: string, anchorMs: number): void {
    this.setJson('clock_anchor', { run: clockRun, server_minus_monotonic_ms: Math.round(anchorMs) });
  }

  private json<T>(key: string): T | null {
    const raw = this.stmt.getMeta.get(key) as string | undefined;
    return raw === undefined ? null : (JSON.parse(raw) as T);
  }

  private setJson(key: string, value: unknown): void {
    this.stmt.setMeta.run(key, JSON.stringify(value));
  }
}
