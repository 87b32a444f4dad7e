import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { capturedLog } from '../support/captured-log.js';
import { createKey } from '../support/foundation-fixtures.js';
import { orderBody, saleEvent, type Sale } from '../support/sales-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { adminSecret, openTestApp, type TestApp } from '../support/test-app.js';

// The night's backup, saved on its own after a till's shift closes (the Z report), over real HTTP
// on loopback against a real SQLite file; the copy is opened as a spare laptop would open it.

type SettingsJson = components['schemas']['Settings'];
type BackupJson = components['schemas']['Backup'];

let root: string;
let t: TestApp;
let base: string;
let till: string;
let sale: Sale;
let ann: Record<string, string>;

async function start(overrides: Parameters<typeof openTestApp>[1] = {}): Promise<void> {
  t = await openTestApp(join(root, 'venue-data'), { backupFolder: undefined, ...overrides });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  till = await createKey(t, 'box_office');
  sale = await saleEvent(t, { quantity: 1000, max_per_order: 10 });
  await addStaff(t, 'Ann', 'manager', '1234');
  ann = asStaff(await signIn(t, till, '1234'));
}

beforeEach(() => {
  // The data folder one level down, so the default backup folder (beside it) is this test's own.
  root = mkdtempSync(join(tmpdir(), 'marquee-auto-backup-'));
});
afterEach(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const backupsFolder = () => join(root, 'marquee-backups');

async function call(method: string, path: string, body?: unknown, key = till, headers = ann) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
}
const json = <T>(res: { text: string }) => JSON.parse(res.text) as T;
const admin = (method: string, path: string, body?: unknown) => call(method, path, body, adminSecret, {});
const settings = async () => json<SettingsJson>(await admin('GET', '/v2/settings'));
const sell = () => call('POST', '/v2/orders', orderBody(sale, { payment_method: 'cash' }));

async function openShift(): Promise<string> {
  const res = await call('POST', '/v2/shifts', { opening_float_cents: 5_000, currency: 'usd' });
  expect(res.status, res.text).toBe(200);
  return json<{ id: string }>(res).id;
}
const closeShift = (id: string) => call('POST', `/v2/shifts/${id}/close`, { counted_cash_cents: 5_000 });

function ordersOfShift(backupPath: string, shiftId: string): number {
  const copy = new Database(join(backupPath, 'marquee.db'), { readonly: true, fileMustExist: true });
  try {
    return copy.prepare('SELECT COUNT(*) FROM orders WHERE shift_id = ?').pluck().get(shiftId) as number;
  } finally {
    copy.close();
  }
}

function closedShiftsIn(backupPath: string): string[] {
  const copy = new Database(join(backupPath, 'marquee.db'), { readonly: true, fileMustExist: true });
  try {
    return copy
      .prepare('SELECT id FROM shifts WHERE closed_at IS NOT NULL AND z_report IS NOT NULL ORDER BY id')
      .pluck()
      .all() as string[];
  } finally {
    copy.close();
  }
}

describe('the backup after a shift close', () => {
  it('is saved after the Z report has answered, unchanged, and holds the shift’s orders', async () => {
    await start();
    const shiftId = await openShift();
    for (let i = 0; i < 4; i++) expect((await sell()).status).toBe(200);
    // 64 MB the copy must read: long enough that a sale sent after the close answers before it.
    const filler = t.app.ctx.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    for (let i = 0; i < 8; i++) filler.run(`test_filler_${i}`, randomBytes(4 * 1024 * 1024).toString('hex'));

    const answered: string[] = [];
    const closed = await closeShift(shiftId);
    answered.push('close');
    const backup = t.app.ctx.automaticBackups.settled().then(() => answered.push('backup'));
    expect((await sell()).status).toBe(200);
    answered.push('sale');
    await backup;
    expect(answered).toEqual(['close', 'sale', 'backup']);

    // The close's answer is the Z report, byte for byte what the report route keeps.
    expect(closed.status, closed.text).toBe(200);
    const kept = await call('GET', `/v2/shifts/${shiftId}/report`);
    expect(closed.text).toBe(kept.text);
    expect(json<{ order_count: number }>(closed).order_count).toBe(4);

    const names = readdirSync(backupsFolder());
    expect(names).toEqual(['marquee-backup-20261122T120000Z-auto']);
    const path = join(backupsFolder(), names[0]!);
    expect(ordersOfShift(path, shiftId)).toBe(4);

    expect((await settings()).last_auto_backup).toEqual({
      at: '2026-11-22T12:00:00.000Z',
      ok: true,
      folder: backupsFolder(),
      path,
      error: null,
    });
    const list = json<{ data: BackupJson[] }>(await admin('GET', '/v2/backups'));
    expect(list.data).toMatchObject([{ name: names[0], automatic: true, path }]);
  });

  it('keeps the newest 14 automatic backups and never deletes a manual one', async () => {
    await start();
    const manual = await admin('POST', '/v2/backups', {});
    expect(manual.status, manual.text).toBe(200);
    for (let i = 0; i < 15; i++) {
      t.clock.advance(60);
      expect((await closeShift(await openShift())).status).toBe(200);
      await t.app.ctx.automaticBackups.settled();
    }
    const names = readdirSync(backupsFolder()).sort();
    expect(names).toHaveLength(15);
    expect(names[0]).toBe('marquee-backup-20261122T120000Z');
    // The first automatic one (12:01) is gone; 12:02 … 12:15 are kept.
    expect(names[1]).toBe('marquee-backup-20261122T120200Z-auto');
    expect(names.at(-1)).toBe('marquee-backup-20261122T121500Z-auto');
    expect(names.slice(1).every((name) => name.endsWith('-auto'))).toBe(true);
  });

  it('is not saved again for a close retried with the same Idempotency-Key (the answer was lost)', async () => {
    await start();
    const shiftId = await openShift();
    expect((await sell()).status).toBe(200);
    const retried = { ...ann, 'idempotency-key': 'close-retry-1' };
    const close = () =>
      call('POST', `/v2/shifts/${shiftId}/close`, { counted_cash_cents: 5_000 }, till, retried);
    const first = await close();
    expect(first.status, first.text).toBe(200);
    await t.app.ctx.automaticBackups.settled();
    t.clock.advance(60);
    const again = await close();
    expect(again.status, again.text).toBe(200);
    expect(again.replayed).toBe('true');
    expect(again.text).toBe(first.text);
    await t.app.ctx.automaticBackups.settled();
    const list = json<{ data: BackupJson[] }>(await admin('GET', '/v2/backups'));
    expect(list.data.map((backup) => backup.name)).toEqual(['marquee-backup-20261122T120000Z-auto']);
  });

  it('is not saved when turned off in Settings', async () => {
    await start();
    expect((await settings()).auto_backup).toBe(true);
    const off = await admin('PATCH', '/v2/settings', { auto_backup: false });
    expect(off.status, off.text).toBe(200);
    expect(json<SettingsJson>(off).auto_backup).toBe(false);
    expect((await closeShift(await openShift())).status).toBe(200);
    await t.app.ctx.automaticBackups.settled();
    expect(existsSync(backupsFolder())).toBe(false);
    expect((await settings()).last_auto_backup).toBeNull();
  });

  it.each([
    ['a minute later', 60, 'marquee-backup-20261122T120100Z-auto'],
    // Named a second on: the first's name is taken (one rule with manual backups, data-folder-backup.ts).
    ['in the same second', 0, 'marquee-backup-20261122T120001Z-auto'],
  ])(
    'saves a close made %s while a backup is being saved in one more after it: both tills’ Z reports',
    async (_when, seconds, followUp) => {
      await start();
      const filler = t.app.ctx.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
      for (let i = 0; i < 8; i++)
        filler.run(`test_filler_${i}`, randomBytes(4 * 1024 * 1024).toString('hex'));
      const first = await openShift();
      const otherTill = await createKey(t, 'box_office');
      const atOtherTill = asStaff(await signIn(t, otherTill, '1234'));
      const second = await call('POST', '/v2/shifts', { opening_float_cents: 0 }, otherTill, atOtherTill);
      expect(second.status, second.text).toBe(200);
      expect((await closeShift(first)).status).toBe(200);
      t.clock.advance(seconds);
      // Closed while the first close's backup is still being copied, which may have read the store
      // before this close was written: one more backup follows it, and only one.
      const secondId = json<{ id: string }>(second).id;
      const closed = await call(
        'POST',
        `/v2/shifts/${secondId}/close`,
        { counted_cash_cents: 0 },
        otherTill,
        atOtherTill,
      );
      expect(closed.status, closed.text).toBe(200);
      await t.app.ctx.automaticBackups.settled();
      expect(readdirSync(backupsFolder()).sort()).toEqual(['marquee-backup-20261122T120000Z-auto', followUp]);
      const newest = join(backupsFolder(), followUp);
      expect(closedShiftsIn(newest)).toEqual([first, secondId].sort());
      expect((await settings()).last_auto_backup).toMatchObject({ ok: true, path: newest });
    },
  );
});

describe('a close made while a manager’s backup is being saved', () => {
  it('is saved by an automatic backup once the manager’s has finished, not left to it', async () => {
    await start();
    const filler = t.app.ctx.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    for (let i = 0; i < 8; i++) filler.run(`test_filler_${i}`, randomBytes(4 * 1024 * 1024).toString('hex'));
    const shiftId = await openShift();
    const manual = admin('POST', '/v2/backups', {});
    // The manager's copy is under way (its `.partial` folder made) when the till closes.
    await vi.waitFor(() =>
      expect(readdirSync(backupsFolder()).some((n) => n.endsWith('.partial'))).toBe(true),
    );
    t.clock.advance(60);
    expect((await closeShift(shiftId)).status).toBe(200);
    expect((await manual).status).toBe(200);
    await t.app.ctx.automaticBackups.settled();
    const auto = join(backupsFolder(), 'marquee-backup-20261122T120100Z-auto');
    expect(readdirSync(backupsFolder()).sort()).toEqual([
      'marquee-backup-20261122T120000Z',
      auto.split('/').at(-1),
    ]);
    expect(closedShiftsIn(auto)).toEqual([shiftId]);
  });
});

describe('an automatic backup that cannot be saved', () => {
  it('leaves the close answered 200, shows why in Settings, and logs one warning', async () => {
    const { lines, logDestination } = capturedLog();
    await start({ logLevel: 'warn', logDestination });
    const folder = join(root, 'stick');
    expect((await admin('PATCH', '/v2/settings', { backup_folder: folder })).status).toBe(200);
    // The stick swapped for something else at that path (the tests run as root: no mode stops a write).
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'not a folder');

    const shiftId = await openShift();
    expect((await sell()).status).toBe(200);
    const closed = await closeShift(shiftId);
    expect(closed.status, closed.text).toBe(200);
    await t.app.ctx.automaticBackups.settled();

    const last = (await settings()).last_auto_backup;
    expect(last).toMatchObject({ ok: false, folder, path: null });
    expect(last?.error).toContain(`${folder} is a file, not a folder`);
    const warnings = lines
      .map((text) => JSON.parse(text) as { msg: string; level: number; reason?: string })
      .filter((entry) => entry.msg.startsWith('automatic backup'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, reason: last?.error });
    expect(lines.join('')).not.toContain(adminSecret);
    // Sales go on.
    expect((await call('POST', '/v2/shifts', { opening_float_cents: 0 })).status).toBe(200);
  });
});

describe('the note of the backup owed (store/auto-backup-due.ts)', () => {
  it('is written once per close, not again when its backup starts; a data folder refusing it still gets the backup', async () => {
    const { lines, logDestination } = capturedLog();
    await start({ logLevel: 'warn', logDestination });
    // A folder where the note's file would be (the tests run as root: no mode stops a write): every
    // attempt to write the note is refused and logged, so the log counts the attempts.
    mkdirSync(join(t.dataDir, 'auto-backup-due.json'));

    const shiftId = await openShift();
    const closed = await closeShift(shiftId);
    expect(closed.status, closed.text).toBe(200);
    await t.app.ctx.automaticBackups.settled();

    expect((await settings()).last_auto_backup).toMatchObject({ ok: true });
    const noted = lines
      .map((text) => JSON.parse(text) as { msg: string })
      .filter((entry) => entry.msg === 'could not note the automatic backup owed');
    expect(noted).toHaveLength(1);
  });
});
