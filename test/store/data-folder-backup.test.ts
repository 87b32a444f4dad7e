import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupFailedError, backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { doorSale, pairDevice, sellTickets } from '../support/scan-fixtures.js';
import { makeTestApp, openTestApp, tempDataDir, type TestApp } from '../support/test-app.js';
import { workerProbe } from '../support/worker-probe.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apps: TestApp[] = [];
const dirs: string[] = [];
let disk: SmallDisk | undefined;

afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  disk?.unmount();
  disk = undefined;
});

function tempDir(): string {
  const dir = tempDataDir('marquee-backup-dest-');
  dirs.push(dir);
  return dir;
}

/** `npm run backup -- <args>` as its own process, the way a manager (or cron) runs it. */
function runBackupCli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, MARQUEE_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

const jwks = async (t: TestApp): Promise<unknown> =>
  (await t.call('GET', '/v2/scan/jwks', undefined, null)).json();

describe('npm run backup: a copy of the data folder taken while the server sells', () => {
  it('holds every sale answered before it began, and a spare laptop started on it keeps keys, devices and tickets', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const sale = await doorSale(t);
    const door = await pairDevice(t, { event_id: sale.eventId });
    const before = await sellTickets(t, sale, 2);
    const destination = tempDir();
    // What a LAN bind keeps beside the store (this test serves loopback, which has no certificate).
    mkdirSync(join(t.dataDir, 'tls'));
    writeFileSync(join(t.dataDir, 'tls', 'cert.pem'), 'the pinned certificate');

    // The backup runs in another process while this one keeps selling on the same store.
    const backup = runBackupCli(t.dataDir, [destination]);
    const during: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) during.push(sellTickets(t, sale, 1));
    const { code, out } = await backup;
    await Promise.all(during);
    expect(code, out).toBe(0);
    expect(out).toMatch(/^backed up .* to .*marquee-backup-\d{8}T\d{6}Z: \d+ orders, \d+ tickets/m);
    const [name] = readdirSync(destination);
    const folder = join(destination, name!);
    expect(readdirSync(folder).sort()).toEqual(['marquee-backup.json', 'marquee.db', 'signing-keys', 'tls']);
    expect(readFileSync(join(folder, 'tls', 'cert.pem'), 'utf8')).toBe('the pinned certificate');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, 'marquee.db')).mode & 0o777).toBe(0o600);

    // The spare: the backup's files are its whole data folder.
    const spare = tempDir();
    cpSync(folder, spare, { recursive: true });
    const restored = await openTestApp(spare);
    apps.push(restored);
    expect(await jwks(restored)).toEqual(await jwks(t));
    for (const ticket of before) {
      const found = await restored.call('GET', `/v2/tickets/${ticket.id}`);
      expect(found.statusCode, found.body).toBe(200);
    }
    // The door's key from before the crash still works, and a ticket sold then still admits.
    const admitted = await restored.call(
      'POST',
      '/v2/scan/validate',
      { token: before[0]!.qr_token, event_id: sale.eventId },
      door.secret,
    );
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect((admitted.json() as { result: string }).result).toBe('admitted');
  });

  it('refuses a data folder without a store, in words (MARQUEE_DATA_DIR pointing elsewhere)', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'marquee.db'), '');
    expect(() => backUpDataFolder({ dataDir, destination: tempDir() })).toThrow(
      /There is no Marquee store at .*marquee\.db\. Set MARQUEE_DATA_DIR/,
    );
  });

  it('keeps the newest N backups with --keep and leaves other files alone', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const destination = tempDir();
    writeFileSync(join(destination, 'notes.txt'), 'mine');
    const at = (iso: string) => Date.parse(iso);
    backUpDataFolder({ dataDir: t.dataDir, destination, now: at('2026-11-29T20:00:00Z'), keep: 2 });
    backUpDataFolder({ dataDir: t.dataDir, destination, now: at('2026-11-29T21:00:00Z'), keep: 2 });
    const third = backUpDataFolder({
      dataDir: t.dataDir,
      destination,
      now: at('2026-11-29T22:00:00Z'),
      keep: 2,
    });
    expect(third.deleted).toEqual([join(destination, 'marquee-backup-20261129T200000Z')]);
    // Run twice in one second (two schedules overlapping): the later is named a second on, and
    // neither replaces the other (then `keep` counts both).
    const again = backUpDataFolder({
      dataDir: t.dataDir,
      destination,
      now: at('2026-11-29T22:00:00Z'),
      keep: 2,
    });
    expect(again.folder).toBe(join(destination, 'marquee-backup-20261129T220001Z'));
    expect(readdirSync(destination).sort()).toEqual([
      'marquee-backup-20261129T220000Z',
      'marquee-backup-20261129T220001Z',
      'notes.txt',
    ]);
  });

  it('refuses a destination inside the data folder, in words, exit 2 (a relative one read from where npm was run)', async () => {
    const t = await makeTestApp();
    apps.push(t);
    // npm runs scripts from the project folder and says where it was typed in INIT_CWD.
    const { code, out } = await runBackupCli(t.dataDir, ['copies'], { INIT_CWD: t.dataDir });
    expect(code, out).toBe(2);
    expect(out).toContain('is inside the data folder');
    expect(existsSync(join(t.dataDir, 'copies'))).toBe(false);
  });

  it('refuses a destination a link leads into the data folder, in words, without copying into itself', async () => {
    const t = await makeTestApp();
    apps.push(t);
    // A link made after the folder was chosen (or given to the command as it is).
    const links = tempDir();
    symlinkSync(t.dataDir, join(links, 'dlink'));
    mkdirSync(join(t.dataDir, 'sub'));
    const destination = join(links, 'dlink', 'sub');
    expect(() => backUpDataFolder({ dataDir: t.dataDir, destination })).toThrow(
      new BackupFailedError(
        `${destination} is inside the data folder (it leads to ${join(realpathSync(t.dataDir), 'sub')}): a backup there ` +
          'is lost with the laptop. Choose a folder outside it, on another disk if you can.',
      ),
    );
    expect(readdirSync(join(t.dataDir, 'sub'))).toEqual([]);
  });

  it('refuses the real path inside a data folder it was given through a link', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const links = tempDir();
    symlinkSync(t.dataDir, join(links, 'data'));
    const destination = join(t.dataDir, 'copies');
    expect(() => backUpDataFolder({ dataDir: join(links, 'data'), destination })).toThrow(
      /is inside the data folder/,
    );
    expect(existsSync(destination)).toBe(false);
  });

  it('says the disk is full and leaves nothing half-written there', async () => {
    const t = await makeTestApp();
    apps.push(t);
    const sale = await doorSale(t);
    for (let i = 0; i < 5; i++) await sellTickets(t, sale, 10);
    disk = mountSmallDisk(1024 * 1024);
    disk.fill(16 * 1024);
    let failure: unknown;
    try {
      backUpDataFolder({ dataDir: t.dataDir, destination: disk.dir });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(BackupFailedError);
    expect((failure as Error).message).toMatch(
      /\(the disk is full\)\. Nothing was changed in the data folder/,
    );
    expect(readdirSync(disk.dir)).toEqual(['filler.bin']);
    disk.free();
    expect(backUpDataFolder({ dataDir: t.dataDir, destination: disk.dir }).orders).toBe(5);
  });
});

/**
 * The backup thread's module is a file of its own (src/server/store/backup-worker.ts), started by
 * POST /v2/backups: run the two other ways the server runs, from source under tsx and bundled
 * like `npm run server` (the desktop build names it in electron.vite.config.ts the same way).
 */
describe('the backup thread module', () => {
  const probe = workerProbe(fileURLToPath(new URL('fixtures/backup-thread-probe.ts', import.meta.url)));
  const copied = { orders: 0, tickets: 0 };

  it('loads from source under tsx', () => {
    expect(probe.underTsx()).toEqual(copied);
  });

  it('loads from beside a bundle built like the server', async () => {
    const { files, answer } = await probe.fromBundle('backup-worker.mjs');
    expect(files).toContain('backup-worker.mjs');
    expect(answer).toEqual(copied);
  });
});
