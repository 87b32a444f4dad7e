import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { migrations as knownMigrations, type Migration } from './migrations/index.js';
import { registerSearchFold } from './search-fold.js';
import { asStoreDamage, checkStore } from './store-check.js';
import { discardUpgradeBackup, pruneUpgradeBackups, writeUpgradeBackup } from './upgrade-backup.js';

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

/**
 * The store records migration `version` under another name than this build's: it met that number
 * in a development build where it meant another change (numbers were renumbered before release).
 * Migrating by number alone would skip this build's change for good, or run one twice.
 */
export class MigrationNameMismatchError extends Error {
  constructor(file: string, version: number, recorded: string, known: string) {
    super(
      `The store at ${file} records migration ${version} as "${recorded}", but this build's ` +
        `migration ${version} is "${known}": the store was made by a development build of Marquee. ` +
        'Nothing was changed. Restore a copy of the store made before that build ran (the backups ' +
        'folder in the data folder holds the copies kept at each upgrade), or run the build that made it.',
    );
    this.name = 'MigrationNameMismatchError';
  }
}

/** The app's logger, or any with pino's (facts, message) form. */
export interface StoreLog {
  info(facts: Record<string, unknown>, message: string): void;
}

/** What a start that migrated a store with data did. */
export interface StoreUpgrade {
  from: number;
  to: number;
  /** The versions applied, in order. */
  applied: number[];
  /** The copy of the store as it was before (upgrade-backup.ts). */
  backupFile: string;
  /** Older copies deleted to keep the newest `upgradeBackupsKept`. */
  deletedBackups: string[];
  ms: number;
}

export interface OpenStoreOptions {
  /** Apply only migrations up to this version (tests build old stores with it). */
  upTo?: number;
  migrations?: readonly Migration[];
  /** Path of the native binding to load instead of better-sqlite3's own pick. */
  nativeBinding?: string;
  /** Run PRAGMA quick_check before anything else (default true); see store-check.ts. */
  integrityCheck?: boolean;
  /** Where the copy kept before an upgrade goes; default `backups` beside the store file. */
  backupsDir?: string;
  /** Wall clock for the copy's name (default Date.now). */
  now?: () => number;
  /** Told one line before an upgrade's migrations run and one after; nothing when none is due. */
  log?: StoreLog;
}

export const pageSizeForNewStores = 1024;

/**
 * 8 MiB of page cache, not more. A commit that split a B-tree page scans the WHOLE cache:
 * balance_nonroot() parks a page at the lock-byte page's number (page 1,048,577 at 1 KiB) while
 * it reorders siblings, and the commit's truncation of the cache to the file's size then walks
 * every hash slot (pcache1TruncateUnsafe). With 64 MiB cached that was ~4 % of a checkout's CPU
 * (~58k pages, 65,536 slots, read with gdb on a running server); at 8 MiB 0.5 %. The hot paths
 * (each table's newest pages and upper levels) fit many times over; other reads come from the
 * OS's file cache.
 */
export const pageCacheKiB = 8192;

/** Opens the store and brings it to this build's schema (see upgradeStore). */
export function openStore(file: string, options: OpenStoreOptions = {}): Db {
  const db = connectStore(file, options);
  try {
    upgradeStore(db, file, options);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens the store with its pragmas and checks it, without migrating: the entry point migrates it
 * once its logger exists (upgradeStore), so the upgrade's lines are in the server's log.
 */
export function connectStore(file: string, options: OpenStoreOptions = {}): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { nativeBinding: options.nativeBinding });
  try {
    // 1 KiB pages for a new store (an existing one keeps its size): a commit writes every page it
    // touched to the WAL, and a checkout touches ~15 B-trees, one appended-to page each. At
    // SQLite's default 4 KiB, a checkout's SQL cost ~35 µs; at 1 KiB ~25 µs (2 KiB ~27, 512 B ~33,
    // 8 KiB ~46), measured here in batches of 8 as the group commit makes them.
    db.pragma(`page_size = ${pageSizeForNewStores}`);
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode is durable against process crashes (kill -9); only an OS crash or power
    // loss can drop the last commits, and a venue laptop on battery makes that rare.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${pageCacheKiB}`);
    db.pragma('busy_timeout = 5000');
    registerSearchFold(db);
    // Before migrating: a damaged store is refused untouched.
    if (options.integrityCheck ?? true) checkStore(db, file);
    return db;
  } catch (err) {
    db.close();
    // A file that is not a database fails at the first pragma that reads it.
    throw asStoreDamage(err, file);
  }
}

/**
 * Applies the migrations the store has not had. A store that already has some and is due more
 * is copied first (upgrade-backup.ts), so the version that ran before can be gone back to; a
 * copy that cannot be written refuses the start with nothing changed. Answers what was done, or
 * null when there was nothing to upgrade (a new store is created silently).
 */
export function upgradeStore(db: Db, file: string, options: OpenStoreOptions = {}): StoreUpgrade | null {
  try {
    return migrate(db, file, options);
  } catch (err) {
    throw asStoreDamage(err, file);
  }
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

interface Recorded {
  version: number;
  name: string;
}

/** Every version both recorded and known must carry the known name (or one it had before). */
function checkNames(file: string, recorded: readonly Recorded[], migrations: readonly Migration[]): void {
  const known = new Map(migrations.map((m) => [m.version, m]));
  for (const { version, name } of recorded) {
    const migration = known.get(version);
    if (!migration || migration.name === name || migration.formerNames?.includes(name)) continue;
    throw new MigrationNameMismatchError(file, version, name, migration.name);
  }
}

function migrate(db: Db, file: string, options: OpenStoreOptions): StoreUpgrade | null {
  const migrations = options.migrations ?? knownMigrations;
  const upTo = options.upTo ?? Infinity;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const current = schemaVersion(db);
  const latestKnown = migrations.at(-1)?.version ?? 0;
  if (current > latestKnown) throw new StoreTooNewError(file, current, latestKnown);
  const recorded = db.prepare('SELECT version, name FROM schema_migrations').all() as Recorded[];
  checkNames(file, recorded, migrations);
  // By the versions recorded, not the highest: numbers are reserved for work landing in parallel,
  // so a store may have met 10 before 7; 7 must still be applied when it arrives.
  const applied = new Set(recorded.map((r) => r.version));
  const pending = migrations.filter((m) => !applied.has(m.version) && m.version <= upTo);
  if (pending.length === 0) return null;

  const to = Math.max(current, ...pending.map((m) => m.version));
  let upgrade: StoreUpgrade | null = null;
  const started = performance.now();
  if (recorded.length > 0) {
    const backupsDir = options.backupsDir ?? join(dirname(file), 'backups');
    const backupFile = writeUpgradeBackup(db, file, backupsDir, current, to, (options.now ?? Date.now)());
    upgrade = {
      from: current,
      to,
      applied: pending.map((m) => m.version),
      backupFile,
      deletedBackups: [],
      ms: 0,
    };
    options.log?.info(
      { store: file, from: current, to, migrations: upgrade.applied, backup: backupFile },
      `upgrading the store from schema ${current} to ${to}; a copy of it as it was is at ${backupFile}`,
    );
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  try {
    // All of an upgrade or none of it: a store left half-way (19 of 20 applied) is one no build
    // was ever tested on, and its copy would be of a schema no released version opens.
    db.transaction(() => {
      for (const migration of pending) {
        db.exec(migration.sql);
        record.run(migration.version, migration.name, Date.now());
      }
    }).immediate();
  } catch (err) {
    // The store is as it was, so the copy just made is the same store again: a start that fails
    // over and over must not fill the disk with copies, nor push the good ones out.
    if (upgrade) discardUpgradeBackup(upgrade.backupFile);
    throw err;
  }
  if (!upgrade) return null;
  // Only now: older copies make way for this one once it is the copy of a finished upgrade.
  upgrade.deletedBackups = pruneUpgradeBackups(dirname(upgrade.backupFile), upgrade.backupFile);
  upgrade.ms = Math.round(performance.now() - started);
  options.log?.info(
    { store: file, from: current, to, ms: upgrade.ms, deleted_backups: upgrade.deletedBackups },
    `store upgraded from schema ${current} to ${to} in ${upgrade.ms} ms`,
  );
  return upgrade;
}

type Runner = Database.Transaction<(fn: () => unknown) => unknown>;

/** One transaction wrapper per connection: building one per call was ~4 % of a checkout's CPU. */
const runners = new WeakMap<Db, Runner>();

/**
 * Runs fn in one IMMEDIATE transaction: all of a business action's writes land, or none do.
 * Inside another transaction it is a savepoint, so a throw still undoes only fn's writes.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  let run = runners.get(db);
  if (!run) {
    run = db.transaction((work: () => unknown) => work());
    runners.set(db, run);
  }
  return run.immediate(fn) as T;
}
