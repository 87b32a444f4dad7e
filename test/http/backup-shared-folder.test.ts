import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { adminSecret, openTestApp, type TestApp } from '../support/test-app.js';

// Two venues' servers whose data folders sit side by side share the default backup folder beside
// them (or a manager points both at one USB stick). Each Settings › Backup must list only its own
// store's backups: a manager following the panel's restore steps must not pick the other venue's.
// Two real servers over loopback HTTP, on real SQLite files.

type Backup = components['schemas']['Backup'];
type BackupList = { data: Backup[]; has_more: boolean };

let root: string;
let venueA: TestApp;
let venueB: TestApp;
let baseA: string;
let baseB: string;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'marquee-backup-shared-'));
  // backupFolder undefined: each server's default, `marquee-backups` beside its data folder: one folder.
  venueA = await openTestApp(join(root, 'venue-a'), { backupFolder: undefined });
  venueB = await openTestApp(join(root, 'venue-b'), { backupFolder: undefined });
  baseA = await venueA.app.listen({ host: '127.0.0.1', port: 0 });
  baseB = await venueB.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await venueA.close();
  await venueB.close();
  rmSync(root, { recursive: true, force: true });
});

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminSecret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

const names = (list: BackupList) => list.data.map((backup) => backup.name);

describe('GET /v2/backups in a backup folder two venues share', () => {
  it("lists each server's own backups only, those made before the check included", async () => {
    const shared = join(root, 'marquee-backups');
    const madeByA = await call<Backup>(baseA, 'POST', '/v2/backups', {});
    const madeByB = await call<Backup>(baseB, 'POST', '/v2/backups', {});
    // Both in the one folder (B's named a second on: the same clock, the same second).
    expect(madeByA.folder).toBe(shared);
    expect(madeByB.folder).toBe(shared);
    // `npm run backup` of venue B into the same folder, as cron would: it writes nothing new
    // saying whose it is, as no backup before this check did.
    const cliOfB = backUpDataFolder({
      dataDir: venueB.dataDir,
      destination: shared,
      now: venueB.clock.now() + 60_000,
    });
    expect(readdirSync(shared).sort()).toEqual([madeByA.name, madeByB.name, basename(cliOfB.folder)].sort());

    const listA = await call<BackupList>(baseA, 'GET', '/v2/backups');
    const listB = await call<BackupList>(baseB, 'GET', '/v2/backups');
    expect(names(listA)).toEqual([madeByA.name]);
    expect(names(listB)).toEqual([madeByB.name, basename(cliOfB.folder)]);
    expect(listA.has_more).toBe(false);
    // Telling whose a backup is only reads it: no -wal or -shm left beside a copy.
    for (const name of readdirSync(shared))
      expect(readdirSync(join(shared, name)).filter((file) => file.startsWith('marquee.db'))).toEqual([
        'marquee.db',
      ]);
  });

  it("keeps the newest `keep` of this store's backups, never deleting another venue's", async () => {
    const ofB = await call<Backup>(baseB, 'POST', '/v2/backups', {});
    const firstOfA = await call<Backup>(baseA, 'POST', '/v2/backups', {});
    venueA.clock.advance(60);
    const secondOfA = await call<Backup>(baseA, 'POST', '/v2/backups', { keep: 1 });
    expect(readdirSync(join(root, 'marquee-backups')).sort()).toEqual([ofB.name, secondOfA.name].sort());
    expect(names(await call<BackupList>(baseB, 'GET', '/v2/backups'))).toEqual([ofB.name]);
    expect(names(await call<BackupList>(baseA, 'GET', '/v2/backups'))).toEqual([secondOfA.name]);
    expect(firstOfA.name).not.toBe(secondOfA.name);
  });
});
