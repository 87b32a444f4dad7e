import type { Db } from './db.js';

export type DeviceScope = 'scanner' | 'box_office' | 'kiosk';

export interface DeviceRow {
  seq: number;
  id: string;
  name: string;
  scope: DeviceScope;
  event_id: string | null;
  api_key_id: string | null;
  created_at: number;
  last_seen_at: number | null;
  revoked_at: number | null;
}

export interface PairingTokenRow {
  token_hash: string;
  scope: DeviceScope;
  event_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  device_id: string | null;
}

/** Paired door devices and the one-time tokens that pair them. */
export class DevicesRepo {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly allStmt;
  private readonly pageStmt;
  private readonly setKeyStmt;
  private readonly revokeStmt;
  private readonly seenStmt;
  private readonly insertTokenStmt;
  private readonly tokenStmt;
  private readonly claimTokenStmt;
  private readonly purgeTokensStmt;

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO devices (id, name, scope, event_id, api_key_id, created_at)
       VALUES (@id, @name, @scope, @event_id, @api_key_id, @created_at)`,
    );
    this.byIdStmt = db.prepare('SELECT * FROM devices WHERE id = ?');
    this.allStmt = db.prepare('SELECT * FROM devices ORDER BY seq');
    this.pageStmt = db.prepare('SELECT * FROM devices WHERE seq > ? ORDER BY seq LIMIT ?');
    this.setKeyStmt = db.prepare('UPDATE devices SET api_key_id = ? WHERE id = ?');
    this.revokeStmt = db.prepare('UPDATE devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    // Never move last_seen backwards, whatever order flushes arrive in.
    this.seenStmt = db.prepare(
      'UPDATE devices SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)',
    );
    this.insertTokenStmt = db.prepare(
      `INSERT INTO pairing_tokens (token_hash, scope, event_id, created_at, expires_at)
       VALUES (@token_hash, @scope, @event_id, @created_at, @expires_at)`,
    );
    this.tokenStmt = db.prepare('SELECT * FROM pairing_tokens WHERE token_hash = ?');
    // One-time use is this conditional update: of two racing pair calls only one changes the row.
    this.claimTokenStmt = db.prepare(
      `UPDATE pairing_tokens SET used_at = ?, device_id = ?
       WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
    );
    this.purgeTokensStmt = db.prepare('DELETE FROM pairing_tokens WHERE expires_at < ?');
  }

  insert(row: Omit<DeviceRow, 'seq' | 'last_seen_at' | 'revoked_at'>): void {
    this.insertStmt.run(row);
  }

  find(id: string): DeviceRow | undefined {
    return this.byIdStmt.get(id) as DeviceRow | undefined;
  }

  all(): DeviceRow[] {
    return this.allStmt.all() as DeviceRow[];
  }

  page(afterSeq: number, limit: number): DeviceRow[] {
    return this.pageStmt.all(afterSeq, limit) as DeviceRow[];
  }

  setApiKey(id: string, apiKeyId: string): void {
    this.setKeyStmt.run(apiKeyId, id);
  }

  revoke(id: string, at: number): void {
    this.revokeStmt.run(at, id);
  }

  /** Writes many last-seen times in one transaction. */
  saveLastSeen(seen: ReadonlyMap<string, number>): void {
    this.db.transaction(() => {
      for (const [id, at] of seen) this.seenStmt.run(at, id, at);
    })();
  }

  insertPairingToken(row: Omit<PairingTokenRow, 'used_at' | 'device_id'>): void {
    this.insertTokenStmt.run(row);
  }

  pairingToken(hash: string): PairingTokenRow | undefined {
    return this.tokenStmt.get(hash) as PairingTokenRow | undefined;
  }

  claimPairingToken(hash: string, deviceId: string, at: number): boolean {
    return this.claimTokenStmt.run(at, deviceId, hash, at).changes === 1;
  }

  purgePairingTokens(before: number): void {
    this.purgeTokensStmt.run(before);
  }
}
