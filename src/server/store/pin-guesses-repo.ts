import { inTransaction, type Db } from './db.js';

/** One till key's wrong staff PINs (domain/guess-limiter.ts EscalatingLockout). */
export interface PinGuessRow {
  api_key_id: string;
  /** Wrong PINs since the key last started afresh. */
  wrong: number;
  /** Lockouts so far: the next one lasts twice as long as the last. */
  lockouts: number;
  last_wrong_at: number;
  /** When the lockout running ends; at or before now when none is. */
  locked_until: number;
}

/** Keys idle at `at`: no lockout running and no wrong PIN since `lastWrongBy`. */
export interface IdleKeys {
  at: number;
  lastWrongBy: number;
}

/** Wrong staff PINs per till key (migration 018), so a lockout outlasts a restart. */
export class PinGuessesRepo {
  private readonly byKey;
  private readonly upsertStmt;
  private readonly forgetIdleStmt;

  constructor(private readonly db: Db) {
    this.byKey = db.prepare('SELECT * FROM pin_guesses WHERE api_key_id = ?');
    this.upsertStmt = db.prepare(
      `INSERT OR REPLACE INTO pin_guesses (api_key_id, wrong, lockouts, last_wrong_at, locked_until)
       VALUES (@api_key_id, @wrong, @lockouts, @last_wrong_at, @locked_until)`,
    );
    this.forgetIdleStmt = db.prepare(
      'DELETE FROM pin_guesses WHERE locked_until <= @at AND last_wrong_at <= @lastWrongBy',
    );
  }

  find(keyId: string): PinGuessRow | undefined {
    return this.byKey.get(keyId) as PinGuessRow | undefined;
  }

  /**
   * Saves a key's count and, in the same commit, deletes every idle key's row: a wrong PIN is the
   * only thing that adds rows, so clearing them here keeps the table to the tills guessing lately,
   * with no timer of its own. Committed when it returns, so the refusal is answered only once the
   * count would survive the process being killed.
   */
  save(row: PinGuessRow, idle: IdleKeys): void {
    inTransaction(this.db, () => {
      this.forgetIdleStmt.run(idle);
      this.upsertStmt.run(row);
    });
  }
}
