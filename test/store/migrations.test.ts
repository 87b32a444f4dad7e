import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/store/migrations/index.js';
import {
  openStore,
  pageSizeForNewStores,
  schemaVersion,
  StoreTooNewError,
  type Db,
} from '../../src/server/store/db.js';
import { tempDataDir } from '../support/test-app.js';

const latest = migrations.at(-1)!.version;

let dir: string;
let file: string;
const open: Db[] = [];
const track = (db: Db): Db => {
  open.push(db);
  return db;
};

beforeEach(() => {
  dir = tempDataDir('marquee-store-');
  file = join(dir, 'marquee.db');
});
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = (db: Db): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);

describe('migrations', () => {
  it('are numbered in increasing order, from 1, with unique names', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(migrations.length);
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
  });

  it('apply a migration whose number was reserved and that arrives after a higher one', () => {
    const [first] = migrations;
    const early = [
      first!,
      { version: 3, name: 'later-number', sql: 'CREATE TABLE later_number (x INTEGER);' },
    ];
    openStore(file, { migrations: early }).close();
    const filled = [
      first!,
      { version: 2, name: 'reserved-number', sql: 'CREATE TABLE reserved_number (x INTEGER);' },
      early[1]!,
    ];
    const db = track(openStore(file, { migrations: filled }));
    expect(tables(db)).toEqual(expect.arrayContaining(['reserved_number', 'later_number']));
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
    ]);
  });

  it('bring a new store to the latest version, recording each one', () => {
    const db = track(openStore(file));
    expect(schemaVersion(db)).toBe(latest);
    const recorded = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
    expect(tables(db)).toEqual(expect.arrayContaining(['events', 'tiers', 'api_keys', 'webhook_messages']));
  });

  it('upgrade a store left at migration 1 and keep its rows', () => {
    const old = openStore(file, { upTo: 1 });
    expect(schemaVersion(old)).toBe(1);
    expect(tables(old)).not.toContain('webhook_messages');
    old
      .prepare(
        `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
         VALUES ('evt_old', 'Old show', 'Old hall', 1, 2, 'published', 'usd', 3, 4)`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
           created_at, updated_at) VALUES ('tkt_old', 'evt_old', 'GA', 500, 'usd', 10, 3, 10, 'public', 3, 4)`,
      )
      .run();
    old.close();

    const db = track(openStore(file));
    expect(schemaVersion(db)).toBe(latest);
    expect(db.prepare('SELECT id, title, status, doors_at FROM events').all()).toEqual([
      { id: 'evt_old', title: 'Old show', status: 'published', doors_at: 1 },
    ]);
    expect(db.prepare('SELECT id, sold FROM tiers').get()).toEqual({ id: 'tkt_old', sold: 3 });
    expect(tables(db)).toEqual(
      expect.arrayContaining(['webhook_messages', 'idempotency_keys', 'usage_counters']),
    );
  });

  it('007 lets keys, devices and pairings take the kiosk scope, keeping every row of a 006 store', () => {
    const old = openStore(file, { upTo: 6 });
    old
      .prepare(
        `INSERT INTO api_keys (id, name, scope, secret_hash, last4, created_at, revoked_at)
         VALUES ('key_till', 'Till', 'box_office', 'hash1', 'abcd', 1, NULL),
                ('key_door', 'Door', 'scanner', 'hash2', 'efgh', 2, 5)`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO devices (id, name, scope, event_id, api_key_id, created_at, last_seen_at)
         VALUES ('dev_door', 'North door', 'scanner', NULL, 'key_door', 2, 9)`,
      )
      .run();
    expect(() =>
      old
        .prepare(
          `INSERT INTO api_keys (id, name, scope, secret_hash, last4, created_at)
           VALUES ('key_k', 'Kiosk', 'kiosk', 'hash3', 'ijkl', 3)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    old.close();

    const db = track(openStore(file));
    expect(db.prepare('SELECT id, scope, secret_hash, revoked_at FROM api_keys ORDER BY seq').all()).toEqual([
      { id: 'key_till', scope: 'box_office', secret_hash: 'hash1', revoked_at: null },
      { id: 'key_door', scope: 'scanner', secret_hash: 'hash2', revoked_at: 5 },
    ]);
    expect(db.prepare('SELECT id, api_key_id, last_seen_at FROM devices').all()).toEqual([
      { id: 'dev_door', api_key_id: 'key_door', last_seen_at: 9 },
    ]);
    const insertKiosk = db.prepare(
      `INSERT INTO api_keys (id, name, scope, secret_hash, last4, created_at) VALUES (?, 'Kiosk', ?, ?, 'ijkl', 3)`,
    );
    insertKiosk.run('key_k', 'kiosk', 'hash3');
    // The rebuilt table keeps its other constraints: scopes are still a closed list, hashes unique.
    expect(() => insertKiosk.run('key_x', 'superuser', 'hash4')).toThrow(/CHECK/);
    expect(() => insertKiosk.run('key_y', 'kiosk', 'hash1')).toThrow(/UNIQUE/);
    db.prepare(
      `INSERT INTO pairing_tokens (token_hash, scope, created_at, expires_at) VALUES ('t', 'kiosk', 1, 2)`,
    ).run();
    const orderColumns = (db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(orderColumns).toContain('api_key_id');
  });

  it('upgrade step by step from every older version', () => {
    for (const { version: from } of migrations.slice(0, -1)) {
      const stepFile = join(dir, `from-${from}.db`);
      openStore(stepFile, { upTo: from }).close();
      const db = openStore(stepFile);
      expect(schemaVersion(db), `from ${from}`).toBe(latest);
      db.close();
    }
  });

  it('are not applied twice on a second open', () => {
    openStore(file).close();
    const db = track(openStore(file));
    const count = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number };
    expect(count.n).toBe(migrations.length);
  });

  it('roll back a failing migration whole, leaving the store at the version before', () => {
    openStore(file, { migrations: migrations.slice(0, 1) }).close();
    const broken = [
      ...migrations.slice(0, 2),
      { version: 3, name: 'broken', sql: 'CREATE TABLE half_done (x INTEGER); THIS IS NOT SQL;' },
    ];
    expect(() => openStore(file, { migrations: broken })).toThrow();
    const db = track(new Database(file));
    // The upgrade is one transaction: 2, which worked, went with the broken 3.
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).not.toContain('half_done');
  });
});

describe('a store from the future', () => {
  beforeEach(() => {
    openStore(file).close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      latest + 1,
      'from-the-future',
      Date.now(),
    );
    db.prepare("INSERT INTO settings (key, value) VALUES ('marker', 'kept')").run();
    db.close();
  });

  it('is refused with StoreTooNewError and a message that says what to do', () => {
    let caught: unknown;
    try {
      openStore(file);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StoreTooNewError);
    const message = (caught as Error).message;
    expect(message).toContain(file);
    expect(message).toContain(`schema version ${latest + 1}`);
    expect(message).toContain(`knows up to ${latest}`);
    expect(message).toMatch(/Upgrade Marquee/);
    expect(message).toMatch(/MARQUEE_DATA_DIR/);
    expect(message).toMatch(/Nothing was changed/);
  });

  it('is left unchanged', () => {
    const before = readFileSync(file);
    expect(() => openStore(file)).toThrow(StoreTooNewError);
    const db = track(new Database(file, { readonly: true }));
    expect(schemaVersion(db)).toBe(latest + 1);
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: migrations.length + 1,
    });
    expect(db.prepare("SELECT value FROM settings WHERE key = 'marker'").get()).toEqual({ value: 'kept' });
    db.close();
    // The main file's bytes too: opening in WAL mode must not have rewritten anything.
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('pragmas', () => {
  it('opens in WAL mode with foreign keys on and a busy timeout', () => {
    const db = track(openStore(file));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    // synchronous NORMAL (1) is safe in WAL mode against process crashes.
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
  });

  it('enforces foreign keys: a tier cannot name a missing event', () => {
    const db = track(openStore(file));
    expect(() =>
      db
        .prepare(
          `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, max_per_order, visibility,
             created_at, updated_at) VALUES ('tkt_x', 'evt_missing', 'GA', 1, 'usd', 1, 1, 'public', 0, 0)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('keeps the CHECK that no tier is ever oversold', () => {
    const db = track(openStore(file));
    db.prepare(
      `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
       VALUES ('evt_a', 't', 'v', 0, 0, 'draft', 'usd', 0, 0)`,
    ).run();
    db.prepare(
      `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, max_per_order, visibility,
         created_at, updated_at) VALUES ('tkt_a', 'evt_a', 'GA', 1, 'usd', 2, 1, 'public', 0, 0)`,
    ).run();
    expect(() => db.prepare("UPDATE tiers SET sold = 3 WHERE id = 'tkt_a'").run()).toThrow(/CHECK/);
  });

  it('creates the folder of the store file when it is missing', () => {
    const nested = join(dir, 'a', 'b', 'marquee.db');
    const db = track(openStore(nested));
    expect(schemaVersion(db)).toBe(latest);
  });
});

describe('page size', () => {
  it('makes a new store with 1 KiB pages; one made with 4 KiB keeps them and migrates', () => {
    const fresh = track(openStore(file));
    expect(fresh.pragma('page_size', { simple: true })).toBe(pageSizeForNewStores);
    expect(pageSizeForNewStores).toBe(1024);

    const oldFile = join(dir, 'old.db');
    const old = new Database(oldFile);
    old.pragma('page_size = 4096');
    old.exec('CREATE TABLE left_by_an_older_version (x INTEGER)');
    old.close();
    const reopened = track(openStore(oldFile));
    expect(reopened.pragma('page_size', { simple: true })).toBe(4096);
    expect(schemaVersion(reopened)).toBe(latest);
    expect(tables(reopened)).toContain('tickets');
  });
});
