import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations as knownMigrations, type Migration } from './migrations/index.js';

export type Db = Database.Database;

export class StoreTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `The store at ${file} was written by a newer Marquee (schema version ${found}; this build ` +
        `knows up to ${known}). Upgrade Marquee, or point MARQUEE_DATA_DIR at another folder. ` +
        'Nothing was changed.',
    );
    this.name = 'StoreTooNewError';
  }
}

export interface OpenStoreOptions {
  /** Apply only migrations up to this version (tests build old stores with it). */
  upTo?: number;
  migrations?: readonly Migration[];
}

export function openStore(file: string, options: OpenStoreOptions = {}): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode is durable against process crashes (kill -9); only an OS crash or power
    // loss can drop the last commits, and a venue laptop on battery makes that rare.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file, options.migrations ?? knownMigrations, options.upTo);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

function migrate(db: Db, file: string, migrations: readonly Migration[], upTo = Infinity): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const current = schemaVersion(db);
  const latestKnown = migrations.at(-1)?.version ?? 0;
  if (current > latestKnown) throw new StoreTooNewError(file, current, latestKnown);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > upTo) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    }).immediate();
  }
}

/** Runs fn in one IMMEDIATE transaction: all of a business action's writes land, or none do. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
