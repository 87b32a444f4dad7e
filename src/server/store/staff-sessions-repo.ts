import type { Db } from './db.js';

export interface StaffSessionRow {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  staff_id: string;
  /** The till's key it was made with: the token works with that key only. */
  api_key_id: string;
  created_at: number;
  expires_at: number;
  /** Set by sign-out. */
  ended_at: number | null;
}

/** Staff sessions at tills (migration 008). */
export class StaffSessionsRepo {
  private readonly byHash;
  private readonly insertStmt;
  private readonly endStmt;
  private readonly purgeStmt;
  private readonly endAllStmt;

  constructor(db: Db) {
    this.byHash = db.prepare('SELECT * FROM staff_sessions WHERE token_hash = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO staff_sessions (token_hash, staff_id, api_key_id, created_at, expires_at, ended_at)
       VALUES (@token_hash, @staff_id, @api_key_id, @created_at, @expires_at, @ended_at)`,
    );
    this.endStmt = db.prepare(
      'UPDATE staff_sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL',
    );
    this.purgeStmt = db.prepare('DELETE FROM staff_sessions WHERE expires_at <= ?');
    this.endAllStmt = db.prepare(
      'UPDATE staff_sessions SET ended_at = ? WHERE staff_id = ? AND ended_at IS NULL',
    );
  }

  find(tokenHash: string): StaffSessionRow | undefined {
    return this.byHash.get(tokenHash) as StaffSessionRow | undefined;
  }

  insert(row: StaffSessionRow): void {
    this.insertStmt.run(row);
  }

  /**
   * Removes every session that expired at or before `cutoff` (signed-out ones included: they
   * expire too); answers how many went.
   */
  purgeExpiredBy(cutoff: number): number {
    return this.purgeStmt.run(cutoff).changes;
  }

  /** False when it had ended already. */
  end(tokenHash: string, at: number): boolean {
    return this.endStmt.run(at, tokenHash).changes === 1;
  }

  /** Ends every session of one member still running (index staff_sessions_by_staff). */
  endAllOf(staffId: string, at: number): void {
    this.endAllStmt.run(at, staffId);
  }
}
