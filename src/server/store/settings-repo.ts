import type { Db } from './db.js';

/** The venue's key/value settings (table `settings`, migration 001); values are text. */
export class SettingsRepo {
  private readonly getStmt;
  private readonly putStmt;
  private readonly deleteStmt;
  private readonly putIfAbsentStmt;

  constructor(db: Db) {
    this.getStmt = db.prepare('SELECT value FROM settings WHERE key = ?');
    this.putStmt = db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.deleteStmt = db.prepare('DELETE FROM settings WHERE key = ?');
    this.putIfAbsentStmt = db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');
  }

  get(key: string): string | undefined {
    return (this.getStmt.get(key) as { value: string } | undefined)?.value;
  }

  put(key: string, value: string): void {
    this.putStmt.run(key, value);
  }

  /** Writes `value` only when `key` has none yet; true when it wrote. */
  putIfAbsent(key: string, value: string): boolean {
    return this.putIfAbsentStmt.run(key, value).changes > 0;
  }

  delete(key: string): void {
    this.deleteStmt.run(key);
  }
}
