import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../../src/server/store/db.js';
import { prepareInsert, prepareRows } from '../../src/server/store/row-statements.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-rows-'));
  db = openStore(join(dir, 'marquee.db'));
  db.exec(`CREATE TABLE odd (seq INTEGER PRIMARY KEY, "we""ird" TEXT, "__proto__" TEXT, n REAL, b BLOB)`);
  db.prepare(`INSERT INTO odd ("we""ird", "__proto__", n, b) VALUES (?, ?, ?, ?)`).run(
    'a',
    'p',
    1.5,
    Buffer.from([7]),
  );
  db.prepare(`INSERT INTO odd ("we""ird", "__proto__", n, b) VALUES (?, ?, ?, ?)`).run(
    null,
    null,
    null,
    null,
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('prepareRows', () => {
  it('returns the same objects as a plain prepared statement, odd names and aliases included', () => {
    for (const sql of [
      'SELECT seq, "we""ird", n, b FROM odd WHERE seq = ?',
      'SELECT seq AS "x-y", n * 2 AS doubled FROM odd WHERE seq = ?',
    ]) {
      const rows = prepareRows<Record<string, unknown>>(db, sql);
      const plain = db.prepare(sql);
      for (const seq of [1, 2]) {
        expect(rows.get(seq)).toEqual(plain.get(seq));
        expect(Object.keys(rows.get(seq)!)).toEqual(Object.keys(plain.get(seq) as object));
      }
      expect(rows.get(99)).toBeUndefined();
    }
  });

  it('a column named __proto__ becomes an own property, never the prototype', () => {
    const row = prepareRows<Record<string, unknown>>(db, 'SELECT * FROM odd WHERE seq = 1').get()!;
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('all() maps every row', () => {
    const rows = prepareRows<{ seq: number }>(db, 'SELECT seq FROM odd ORDER BY seq');
    expect(rows.all()).toEqual([{ seq: 1 }, { seq: 2 }]);
  });

  it('prepareInsert binds each column from its property, whatever the object key order', () => {
    const insert = prepareInsert<{ n: number | null; 'we"ird': string | null; b: Buffer | null }>(db, 'odd', [
      'n',
      'we"ird',
      'b',
    ]);
    insert({ b: Buffer.from([1, 2]), 'we"ird': 'w', n: 3 });
    insert({ n: null, 'we"ird': null, b: null });
    expect(db.prepare('SELECT "we""ird" AS w, n, b FROM odd WHERE seq > 2 ORDER BY seq').all()).toEqual([
      { w: 'w', n: 3, b: Buffer.from([1, 2]) },
      { w: null, n: null, b: null },
    ]);
  });
});
