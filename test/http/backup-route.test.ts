import Database from 'better-sqlite3';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { capturedLog } from '../support/captured-log.js';
import { createKey } from '../support/foundation-fixtures.js';
import { orderBody, saleEvent, type Sale } from '../support/sales-fixtures.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { adminSecret, openTestApp, type TestApp } from '../support/test-app.js';

// Settings › Backup: a manager saves a backup from the box office while it sells, over real HTTP
// on loopback against a real SQLite file; the copy is opened as a spare laptop would open it.

type BackupJson = components['schemas']['Backup'];

let root: string;
let t: TestApp;
let base: string;
let sale: Sale;

beforeEach(async () => {
  // The data folder one level down, so the default backup folder (beside it) is this test's own.
  root = mkdtempSync(join(tmpdir(), 'marquee-backup-route-'));
  // backupFolder undefined: the server's own default, not the test apps' private one.
  t = await openTestApp(join(root, 'venue-data'), { backupFolder: undefined });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  sale = await saleEvent(t, { quantity: 1000, max_per_order: 10 });
});
afterEach(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, key = adminSecret, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sell = () => call('POST', '/v2/orders', orderBody(sale, { payment_method: 'cash' }));

function readCopy(path: string) {
  const copy = new Database(join(path, 'marquee.db'), { readonly: true, fileMustExist: true });
  try {
    const orderIds = copy.prepare('SELECT id FROM orders').pluck().all() as string[];
    const tickets = copy.prepare('SELECT COUNT(*) FROM tickets').pluck().get() as number;
    const sold = copy.prepare('SELECT sold FROM tiers WHERE id = ?').pluck().get(sale.tierId) as number;
    return { orderIds, tickets, sold };
  } finally {
    copy.close();
  }
}

describe('POST /v2/backups', () => {
  it('saves a copy that opens with the sales while sales go on, beside the data folder by default', async () => {
    const before = await Promise.all(Array.from({ length: 10 }, () => sell()));
    expect(before.map((r) => r.status)).toEqual(Array(10).fill(200));

    // Sales keep coming over the socket while the backup is taken.
    const during = Array.from({ length: 20 }, () => sell());
    const backup = await call('POST', '/v2/backups', {});
    const after = await Promise.all(during);
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(200));

    expect(backup.status, JSON.stringify(backup.body)).toBe(200);
    const made = backup.body as unknown as BackupJson;
    expect(made.folder).toBe(join(root, 'marquee-backups'));
    expect(made.path).toBe(join(made.folder, made.name));
    // Milliseconds like every other answer's times (the integrator pass found `…12:00:00Z`).
    expect(made.created_at).toBe('2026-11-22T12:00:00.000Z');
    expect(made.size_bytes).toBeGreaterThan(10_000);

    const copy = readCopy(made.path);
    expect(copy.orderIds.length).toBeGreaterThanOrEqual(10);
    expect(copy.orderIds.length).toBe(made.orders);
    for (const sold of before) expect(copy.orderIds).toContain((sold.body as { id: string }).id);
    // One committed moment: every order copied has its ticket and the tier's count agrees.
    expect(copy.tickets).toBe(copy.orderIds.length);
    expect(copy.sold).toBe(copy.orderIds.length);
    // Keys and certificate beside the store, never the running server's lock.
    expect(existsSync(join(made.path, 'signing-keys'))).toBe(true);
    expect(existsSync(join(made.path, 'marquee.pid'))).toBe(false);

    const list = await call('GET', '/v2/backups');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      object: 'list',
      data: [{ ...made, orders: null, tickets: null }],
      has_more: false,
      next_cursor: null,
    });
  });

  it('keeps answering tills while a large store is copied (the copy is read off the server thread)', async () => {
    // 64 MB the copy must read: long enough that sales sent after the backup answer before it.
    const filler = t.app.ctx.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    for (let i = 0; i < 8; i++) filler.run(`test_filler_${i}`, randomBytes(4 * 1024 * 1024).toString('hex'));
    const answered: string[] = [];
    const backup = call('POST', '/v2/backups', {}).then((res) => {
      answered.push('backup');
      return res;
    });
    const sales = Array.from({ length: 3 }, () =>
      sell().then((res) => {
        answered.push('sale');
        return res;
      }),
    );
    expect((await Promise.all(sales)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await backup).status).toBe(200);
    expect(answered[0]).toBe('sale');
    // A second backup while one is being saved is refused, not interleaved.
    const first = call('POST', '/v2/backups', {});
    const second = await call('POST', '/v2/backups', {});
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'backup_in_progress' });
    expect((await first).status).toBe(200);
  });

  it('saves in the folder set in Settings and keeps the newest `keep`', async () => {
    const folder = join(root, 'usb', 'backups');
    const set = await call('PATCH', '/v2/settings', { backup_folder: folder });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.backup_folder).toBe(folder);
    await sell();
    for (let i = 0; i < 3; i++) {
      const made = await call('POST', '/v2/backups', { keep: 2 });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.folder).toBe(folder);
      t.clock.advance(60);
    }
    expect(readdirSync(folder).sort()).toEqual([
      'marquee-backup-20261122T120100Z',
      'marquee-backup-20261122T120200Z',
    ]);
    const page = await call('GET', '/v2/backups?limit=1');
    expect(page.body).toMatchObject({ has_more: true, next_cursor: 'marquee-backup-20261122T120100Z' });
    const rest = await call('GET', `/v2/backups?limit=1&cursor=${page.body.next_cursor as string}`);
    expect(rest.body).toMatchObject({ has_more: false, data: [{ name: 'marquee-backup-20261122T120200Z' }] });
  });

  it('names a second backup in the same second apart from the first, and lists both', async () => {
    // The clock stands still: both are asked for at 12:00:00.
    const first = await call('POST', '/v2/backups', {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await sell();
    const second = await call('POST', '/v2/backups', {});
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(first.body.name).toBe('marquee-backup-20261122T120000Z');
    expect(second.body.name).toBe('marquee-backup-20261122T120001Z');
    // The first is still the copy it was: the sale made between them is only in the second.
    expect(readCopy(first.body.path as string).orderIds).toHaveLength(0);
    expect(readCopy(second.body.path as string).orderIds).toHaveLength(1);
    const list = await call('GET', '/v2/backups');
    expect((list.body.data as BackupJson[]).map((backup) => backup.name)).toEqual([
      first.body.name,
      second.body.name,
    ]);
  });

  it('saves one backup for a retried request with the same Idempotency-Key, and answers it again', async () => {
    const key = { 'idempotency-key': 'backup-retry-1' };
    const first = await call('POST', '/v2/backups', {}, adminSecret, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    t.clock.advance(60);
    const again = await call('POST', '/v2/backups', {}, adminSecret, key);
    expect(again).toEqual(first);
    expect(readdirSync(first.body.folder as string)).toEqual([first.body.name]);
  });

  it.each([
    ['a relative path', 'backups', 'full path'],
    ['a folder inside the data folder', 'DATA/copies', 'inside the data folder'],
    ['a file', 'FILE', 'is a file'],
  ])('refuses %s as the backup folder with 400 invalid_field', async (_what, given, words) => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    const folder = given.replace('DATA', t.dataDir).replace('FILE', file);
    const res = await call('PATCH', '/v2/settings', { backup_folder: folder });
    expect(res).toEqual({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'invalid_field',
          message: expect.stringContaining(words),
          param: 'backup_folder',
        },
      },
    });
  });

  it.each([
    ['a link to the data folder', 'LINK/sub', 'DATA'],
    ['a link to the folder holding the data folder', 'LINK/venue-data/sub', 'ROOT'],
  ])('refuses a path through %s as inside it, before making anything', async (_what, given, linkTo) => {
    // The probe's case: the same folder written directly is refused, and through the link was not.
    const link = join(root, 'dlink');
    symlinkSync(linkTo === 'DATA' ? t.dataDir : root, link);
    const res = await call('PATCH', '/v2/settings', { backup_folder: given.replace('LINK', link) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_field', param: 'backup_folder' });
    expect((res.body.error as { message: string }).message).toBe(
      `${given.replace('LINK', link)} is inside the data folder (it leads to ${join(realpathSync(t.dataDir), 'sub')}): ` +
        'a backup there is lost with the laptop. Choose a folder outside it, on another disk if you can.',
    );
    expect(existsSync(join(t.dataDir, 'sub'))).toBe(false);
    expect((await call('GET', '/v2/settings')).body.backup_folder).toBe(join(root, 'marquee-backups'));
  });

  it('refuses a backup into a folder a link made since leads into the data folder, in words, never copying itself', async () => {
    const folder = join(root, 'usb', 'copies');
    expect((await call('PATCH', '/v2/settings', { backup_folder: folder })).status).toBe(200);
    // The stick's mount point replaced by a link into the data folder after the setting was saved.
    rmSync(join(root, 'usb'), { recursive: true });
    mkdirSync(join(t.dataDir, 'copies'));
    symlinkSync(t.dataDir, join(root, 'usb'));
    const res = await call('POST', '/v2/backups', {});
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_field', param: 'backup_folder' });
    const { message } = res.body.error as { message: string };
    expect(message).toContain(`${folder} is inside the data folder`);
    expect(message).toContain('Change it in Settings › Backup.');
    expect(message.length).toBeLessThan(400);
    expect(readdirSync(join(t.dataDir, 'copies'))).toEqual([]);
    expect((await sell()).status).toBe(200);
  });

  it('answers 400 invalid_field when the folder set can no longer take backups, and saves nothing', async () => {
    const folder = join(root, 'share');
    expect((await call('PATCH', '/v2/settings', { backup_folder: folder })).status).toBe(200);
    // The stick swapped for something else at that path (the tests run as root: no mode stops a write).
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');
    const res = await call('POST', '/v2/backups', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_field', param: 'backup_folder' });
    expect((res.body.error as { message: string }).message).toContain('Settings › Backup');
  });

  it('refuses a box_office key, even with a manager signed in, and an admin key with a seller signed in', async () => {
    const till = await createKey(t, 'box_office');
    await addStaff(t, 'Ann', 'manager', '1234');
    await addStaff(t, 'Bob', 'seller', '5678');
    const ann = asStaff(await signIn(t, till, '1234'));
    // The desktop box office signs staff in on its own (admin) key.
    const bob = asStaff(await signIn(t, adminSecret, '5678'));
    const fromTill = await call('POST', '/v2/backups', {}, till, ann);
    expect(fromTill.status).toBe(403);
    expect(fromTill.body.error).toMatchObject({ code: 'insufficient_scope' });
    expect((await call('GET', '/v2/backups', undefined, till)).status).toBe(403);
    const seller = await call('POST', '/v2/backups', {}, adminSecret, bob);
    expect(seller.status).toBe(403);
    expect(seller.body.error).toMatchObject({ code: 'insufficient_role' });
    expect(existsSync(join(root, 'marquee-backups'))).toBe(false);
  });
});

describe('POST /v2/backups onto a full disk', () => {
  let disk: SmallDisk;
  afterEach(() => disk?.unmount());

  it('answers 507 in words, leaves nothing half-made, and the next sale still goes through', async () => {
    disk = mountSmallDisk(2 * 1024 * 1024);
    expect((await call('PATCH', '/v2/settings', { backup_folder: disk.dir })).status).toBe(200);
    for (let i = 0; i < 5; i++) await sell();
    disk.fill(0);
    const res = await call('POST', '/v2/backups', {});
    expect(res.status, JSON.stringify(res.body)).toBe(507);
    expect(res.body.error).toMatchObject({ type: 'api_error', code: 'insufficient_storage' });
    expect((res.body.error as { message: string }).message).toContain('is full');
    expect(readdirSync(disk.dir)).toEqual(['filler.bin']);
    expect((await sell()).status).toBe(200);
    disk.free();
    expect((await call('POST', '/v2/backups', {})).status).toBe(200);
  });
});

describe('the backup log line', () => {
  it('says where the copy went and how big it is, never the key that asked', async () => {
    const { lines, logDestination } = capturedLog();
    const logged = await openTestApp(join(root, 'logged-data'), {
      backupFolder: undefined,
      logLevel: 'info',
      logDestination,
    });
    try {
      const res = await logged.call('POST', '/v2/backups', {});
      expect(res.statusCode, res.body).toBe(200);
      const made = res.json() as BackupJson;
      const line = lines
        .map((text) => JSON.parse(text) as { msg: string; backup?: string; size_bytes?: number })
        .find((entry) => entry.msg === 'backup saved');
      expect(line).toMatchObject({ backup: made.path, size_bytes: made.size_bytes });
      expect(lines.join('')).not.toContain(adminSecret);
    } finally {
      await logged.app.close();
    }
  });
});
