import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import {
  api,
  httpSaleEvent,
  killedAfterEach,
  okJson,
  removeServerBundle,
  spawnServer,
} from '../support/spawned-server.js';

// The real server killed (SIGKILL) while the backup after a shift close is being copied, then
// started again on the same data folder: the night's close must still reach a whole backup.

const run = killedAfterEach();
afterAll(removeServerBundle);

interface LastAutoBackup {
  ok: boolean;
  path: string | null;
}

function tillCall(base: string, key: string, staff: string, path: string, body: unknown) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'marquee-staff': staff, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function closedShiftsIn(backup: string): string[] {
  const copy = new Database(join(backup, 'marquee.db'), { readonly: true, fileMustExist: true });
  try {
    return copy
      .prepare('SELECT id FROM shifts WHERE closed_at IS NOT NULL AND z_report IS NOT NULL')
      .pluck()
      .all() as string[];
  } finally {
    copy.close();
  }
}

/** 64 MB the copy must read: it is still being copied when the `.partial` folder is seen. */
function growStore(dataDir: string): void {
  const store = new Database(join(dataDir, 'marquee.db'));
  try {
    const filler = store.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    for (let i = 0; i < 8; i++) filler.run(`test_filler_${i}`, randomBytes(4 * 1024 * 1024).toString('hex'));
  } finally {
    store.close();
  }
}

describe('kill -9 while the backup after a shift close is being copied', () => {
  // Up to four real server starts and a 64 MB copy: generous for a loaded 2-core machine. Each wait
  // is for an event (the `.partial` folder, the backup noted in Settings); speed only decides how
  // long it takes.
  it('saves that backup at the next start, over the half-made folder, and lists only whole ones', async () => {
    const root = (run.dataDir = mkdtempSync(join(tmpdir(), 'marquee-auto-backup-crash-')));
    const dataDir = join(root, 'venue-data');
    const stick = join(root, 'stick');
    const start = async () => (run.server = await spawnServer(dataDir, {}, { bundled: true }));

    let base = (await start()).url;
    await okJson(api(base, '/v2/settings', 'PATCH', { backup_folder: stick }));
    await httpSaleEvent(base, 100);
    const till = await okJson<{ secret: string }>(
      api(base, '/v2/api_keys', 'POST', { name: 'Till 1', scope: 'box_office' }),
    );
    await okJson(api(base, '/v2/staff', 'POST', { name: 'Ann', role: 'manager', pin: '1234' }));
    const signIn = await fetch(`${base}/v2/staff/sign_in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${till.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pin: '1234' }),
    });
    const { session_token: ann } = (await signIn.json()) as { session_token: string };
    await run.server!.stop();
    growStore(dataDir);

    // The kill must land while the copy is half-made; should a fast machine finish it first, the
    // next close is tried (three at most).
    const closed: string[] = [];
    let cutOff: string | undefined;
    for (let attempt = 0; attempt < 3 && !cutOff; attempt++) {
      base = (await start()).url;
      const shift = await okJson<{ id: string }>(
        tillCall(base, till.secret, ann, '/v2/shifts', { opening_float_cents: 0 }),
      );
      await okJson(
        tillCall(base, till.secret, ann, `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 0 }),
      );
      closed.push(shift.id);
      const partial = await eventually(
        () => (existsSync(stick) ? readdirSync(stick).find((name) => name.endsWith('.partial')) : undefined),
        30_000,
        'the automatic backup to start copying',
      );
      await run.server!.kill9();
      if (existsSync(join(stick, partial))) cutOff = partial;
    }
    expect(cutOff, 'the kill landed while the copy was half-made').toBeDefined();

    base = (await start()).url;
    const saved = await eventually(
      async () => {
        const settings = await okJson<{ last_auto_backup: LastAutoBackup | null }>(api(base, '/v2/settings'));
        const last = settings.last_auto_backup;
        return last?.ok && last.path === join(stick, cutOff!.replace(/\.partial$/, '')) ? last : undefined;
      },
      60_000,
      'the interrupted backup to be saved after the start',
    );
    // The half-made folder became that whole backup; every close is in it, and only whole ones are listed.
    expect(readdirSync(stick).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(closedShiftsIn(saved.path!).sort()).toEqual([...closed].sort());
    const listed = await okJson<{ data: { path: string; automatic: boolean }[] }>(api(base, '/v2/backups'));
    expect(listed.data.map((b) => b.path)).toContain(saved.path);
    expect(listed.data.every((b) => b.automatic && !b.path.endsWith('.partial'))).toBe(true);
    // Nothing owed any more, and a spare started from the backup owes nothing either.
    expect(existsSync(join(dataDir, 'auto-backup-due.json'))).toBe(false);
    expect(existsSync(join(saved.path!, 'auto-backup-due.json'))).toBe(false);
    await run.server!.stop();
  }, 240_000);
});

describe('kill -9 while a manager’s backup is being copied', () => {
  it('deletes the half-made folder at the next start, and the next backup is whole', async () => {
    const root = (run.dataDir = mkdtempSync(join(tmpdir(), 'marquee-backup-crash-')));
    const dataDir = join(root, 'venue-data');
    const stick = join(root, 'stick');
    const start = async () => (run.server = await spawnServer(dataDir, {}, { bundled: true }));

    let base = (await start()).url;
    await okJson(api(base, '/v2/settings', 'PATCH', { backup_folder: stick }));
    await httpSaleEvent(base, 100);
    await run.server!.stop();
    growStore(dataDir);

    let cutOff: string | undefined;
    for (let attempt = 0; attempt < 3 && !cutOff; attempt++) {
      base = (await start()).url;
      const answer = api(base, '/v2/backups', 'POST', {}).catch(() => null);
      const partial = await eventually(
        () => (existsSync(stick) ? readdirSync(stick).find((name) => name.endsWith('.partial')) : undefined),
        30_000,
        'the backup to start copying',
      );
      await run.server!.kill9();
      await answer;
      if (existsSync(join(stick, partial))) cutOff = partial;
    }
    expect(cutOff, 'the kill landed while the copy was half-made').toBeDefined();

    base = (await start()).url;
    expect(readdirSync(stick).filter((name) => name.endsWith('.partial'))).toEqual([]);
    const made = await okJson<{ path: string }>(api(base, '/v2/backups', 'POST', {}));
    const listed = await okJson<{ data: { path: string }[] }>(api(base, '/v2/backups'));
    expect(listed.data.map((b) => b.path)).toContain(made.path);
    expect(readdirSync(stick).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(existsSync(join(made.path, 'backup-in-progress.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'backup-in-progress.json'))).toBe(false);
    await run.server!.stop();
  }, 240_000);
});
