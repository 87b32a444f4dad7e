import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import { sqliteCode } from './sqlite-errors.js';

/** SQLite's answers for a file that is not a database or whose pages do not add up. */
const damageCodes = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

/** Whether an error from SQLite says the file itself is broken (not a busy lock, not a full disk). */
export function isStoreDamage(err: unknown): boolean {
  const code = sqliteCode(err);
  return code !== undefined && (damageCodes.has(code) || code.startsWith('SQLITE_CORRUPT_'));
}

/**
 * The store file is not a SQLite database, or its pages are garbled. Start-up stops with this
 * (exit 2, like a configuration error): serving from a damaged store answers 500s later, at
 * random, on whatever touches the bad pages. The message names the file and what to do.
 */
export class StoreDamagedError extends Error {
  constructor(file: string, detail: string) {
    const name = basename(file);
    super(
      `The store at ${file} is damaged (${detail}). Nothing was changed. Move it (with any ` +
        `${name}-wal and ${name}-shm beside it) to another folder, then copy the newest backup ` +
        'into its place, or start without one for an empty store.',
    );
    this.name = 'StoreDamagedError';
  }
}

/**
 * quick_check answers one line per problem (after a `*** in database main ***` heading); the
 * first problem says enough for a one-line message.
 */
function firstProblem(report: string): string {
  const lines = report.split('\n').map((line) => line.trim());
  const line = lines.find((text) => text && !text.startsWith('*** in database')) ?? lines[0]!;
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** A damage error from SQLite becomes StoreDamagedError; anything else is passed on unchanged. */
export function asStoreDamage(err: unknown, file: string): unknown {
  if (!isStoreDamage(err)) return err;
  const message = (err as Error).message;
  return new StoreDamagedError(
    file,
    sqliteCode(err) === 'SQLITE_NOTADB' ? `not a SQLite database: ${message}` : `SQLite: ${message}`,
  );
}

/**
 * Up to this size every start runs `PRAGMA quick_check` over the whole file; a store of 100,000
 * one-ticket orders is ~100 MiB and took 0.6-1.4 s here (bench/store-check.ts; the full
 * integrity_check, which also matches every index to its table, 1.8 s). Larger stores get the
 * cheap check only, so a start stays within a couple of seconds however big the store grows.
 */
export const fullCheckMaxBytes = 128 * 1024 * 1024;

/** Reads the schema and each table's first and last row: the pages on those paths, nothing else. */
function cheapCheck(db: Database.Database): void {
  const tables = db
    .prepare(
      "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all() as { name: string; wr: number }[];
  for (const { name, wr } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    db.prepare(`SELECT * FROM ${quoted} LIMIT 1`).all();
    // The last row is where new rows are appended (a WITHOUT ROWID table has no rowid to order by).
    if (!wr) db.prepare(`SELECT * FROM ${quoted} ORDER BY rowid DESC LIMIT 1`).all();
  }
}

export type StoreCheck = 'full' | 'cheap';

/**
 * Checks the store at start, before anything writes to it: `PRAGMA quick_check` (every page read
 * once, each B-tree's structure checked) when the store is at most `fullCheckMaxBytes`, else the
 * cheap check. Throws StoreDamagedError naming the first problem found; answers which check ran.
 */
export function checkStore(
  db: Database.Database,
  file: string,
  maxFullBytes = fullCheckMaxBytes,
): StoreCheck {
  let report = 'ok';
  let kind: StoreCheck;
  try {
    const bytes =
      (db.pragma('page_count', { simple: true }) as number) *
      (db.pragma('page_size', { simple: true }) as number);
    kind = bytes <= maxFullBytes ? 'full' : 'cheap';
    // Stops after a few problems: the first is all the message shows.
    if (kind === 'full')
      report = (db.pragma('quick_check(3)') as { quick_check: string }[])
        .map((row) => row.quick_check)
        .join('\n');
    else cheapCheck(db);
  } catch (err) {
    throw asStoreDamage(err, file);
  }
  if (report !== 'ok') throw new StoreDamagedError(file, `SQLite quick_check: ${firstProblem(report)}`);
  return kind;
}
