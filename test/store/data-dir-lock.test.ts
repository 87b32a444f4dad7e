/**
 * The data dir's marquee.pid (src/server/data-dir-lock.ts) in-process: a second app on a folder
 * this process serves is refused until the first closes; a file left by a process that is gone,
 * by a program that is not Marquee under a reused pid, by this very pid (a restarted container) or
 * copied from another folder is taken over; a live Marquee-like process's file, another host's
 * and one being written right now are not. Real processes stand in for "the other server".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import {
  abandonedAfterMs,
  DataDirInUseError,
  lockDataDir,
  type DataDirLock,
} from '../../src/server/data-dir-lock.js';
import { startRefusal } from '../../src/server/start-refusal.js';
import { testOptions } from '../support/test-app.js';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
const locks: DataDirLock[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const lock of locks.splice(0)) lock.release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-lock-'));
  dirs.push(dir);
  return dir;
}

const folderOf = (dir: string) => `${statSync(dir).dev}:${statSync(dir).ino}`;
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const pidFile = (dir: string) => join(dir, 'marquee.pid');
const entryIn = (dir: string) =>
  JSON.parse(readFileSync(pidFile(dir), 'utf8')) as {
    pid: number;
    started_at: string;
    host: string;
    dir: string;
  };

function lock(dir: string): DataDirLock {
  const taken = lockDataDir(dir);
  locks.push(taken);
  return taken;
}

function writeEntry(dir: string, entry: Record<string, unknown>): void {
  writeFileSync(
    pidFile(dir),
    `${JSON.stringify({ started_at: '2026-11-29T15:43:36.770Z', host: hostname(), dir, ...entry })}\n`,
  );
}

/** A running process, for as long as the test lasts. */
async function running(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child.pid!;
}

/** A pid no process has any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

function refusalOf(act: () => unknown): string {
  try {
    act();
  } catch (err) {
    expect(err).toBeInstanceOf(DataDirInUseError);
    // The CLI prints it as `marquee: <message>` and exits 2 (start-refusal.ts).
    expect(startRefusal(err)).toBe((err as Error).message);
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('one app per data dir in this process', () => {
  it('a second buildApp on a data dir an open app holds is refused before its store is touched; after close it starts', async () => {
    const dir = tempDir();
    const first = await buildApp(testOptions(dir));
    apps.push(first);
    const written = entryIn(dir);
    expect(written).toMatchObject({ pid: process.pid, host: hostname() });
    expect(statSync(pidFile(dir)).mode & 0o777).toBe(0o600);
    const store = () =>
      ['marquee.db', 'marquee.db-wal', 'marquee.db-shm'].map((name) => digest(join(dir, name)));
    const before = store();

    const refused = await buildApp(testOptions(dir)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `This process already runs a Marquee server on the data folder ${dir}; close it before starting another. Nothing was changed.`,
    );
    // The first app's file is still there, its own, and the first app still answers.
    expect(entryIn(dir)).toEqual(written);
    expect(store()).toEqual(before);
    expect((await first.inject({ method: 'GET', url: '/v2/health' })).statusCode).toBe(200);

    await apps.pop()!.close();
    expect(existsSync(pidFile(dir))).toBe(false);
    const second = await buildApp(testOptions(dir));
    apps.push(second);
    expect(entryIn(dir).pid).toBe(process.pid);
  });

  it('a start that fails after taking the folder (a store from a newer Marquee) lets it go again', async () => {
    const dir = tempDir();
    const app = await buildApp(testOptions(dir));
    app.ctx.db
      .prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)")
      .run();
    await app.close();

    await expect(buildApp(testOptions(dir))).rejects.toThrow(/newer Marquee/);

    expect(existsSync(pidFile(dir))).toBe(false);
    expect(lock(dir).file).toBe(pidFile(dir));
  });
});

describe('a marquee.pid found at start', () => {
  it('of a live Marquee-like process on this host: refused, naming its pid, start time and the file to delete', async () => {
    const dir = tempDir();
    const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeEntry(dir, { pid });

    const message = refusalOf(() => lockDataDir(dir));

    expect(message).toBe(
      `Another Marquee server (pid ${pid}, started 2026-11-29T15:43:36.770Z) is using the data folder ${dir}. ` +
        `Stop that server first; if no Marquee runs, delete ${pidFile(dir)} and start again. Nothing was changed.`,
    );
    expect(entryIn(dir).pid).toBe(pid);
  });

  it('of a process that is gone (kill -9, power cut): taken over', async () => {
    const dir = tempDir();
    writeEntry(dir, { pid: await deadPid() });

    lock(dir);

    expect(entryIn(dir)).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it.runIf(process.platform === 'linux')(
    'of a reused pid now running a program that is not Marquee: taken over',
    async () => {
      const dir = tempDir();
      writeEntry(dir, { pid: await running('sleep', ['30']) });

      lock(dir);

      expect(entryIn(dir).pid).toBe(process.pid);
    },
  );

  it("with this process's own pid on a folder it does not serve (a container restarted with the same pid): taken over", () => {
    const dir = tempDir();
    writeEntry(dir, { pid: process.pid });

    lock(dir);

    expect(entryIn(dir).started_at).not.toBe('2026-11-29T15:43:36.770Z');
  });

  it('copied with the folder from another folder on this host, its server still running: taken over', async () => {
    const dir = tempDir();
    const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeEntry(dir, { pid, dir: '/srv/marquee/the-original' });

    lock(dir);

    expect(entryIn(dir).pid).toBe(process.pid);
  });

  it('the same folder reached by another path (a bind mount), its server still running: refused', async () => {
    const dir = tempDir();
    const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    // What the server started on /mnt/venue-data wrote, seen through this path: same device and inode.
    writeEntry(dir, { pid, dir: '/mnt/venue-data', folder: folderOf(dir) });

    expect(refusalOf(() => lockDataDir(dir))).toContain(`(pid ${pid},`);
    expect(entryIn(dir).pid).toBe(pid);
  });

  it('of an earlier boot (a power cut), its pid now some other live program: taken over', async () => {
    const dir = tempDir();
    const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeEntry(dir, {
      pid,
      folder: folderOf(dir),
      boot: '00000000-0000-4000-8000-000000000000',
      booted_at: Date.now() - uptime() * 1000 - 3_600_000,
    });

    lock(dir);

    expect(entryIn(dir).pid).toBe(process.pid);
  });

  it.runIf(process.platform === 'linux')(
    'of a pid reused by another node program (it started after the holder did): taken over; the holder itself: refused',
    async () => {
      const dir = tempDir();
      const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      const start = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!;
      writeEntry(dir, { pid, folder: folderOf(dir), proc_start: start });
      expect(refusalOf(() => lockDataDir(dir))).toContain(`(pid ${pid},`);

      writeEntry(dir, { pid, folder: folderOf(dir), proc_start: String(Number(start) - 100) });
      lock(dir);
      expect(entryIn(dir).pid).toBe(process.pid);
    },
  );

  it('of another host, touched lately: refused, naming that host (its pid cannot be checked from here)', async () => {
    const dir = tempDir();
    writeEntry(dir, { pid: await deadPid(), host: 'box-office-2' });

    const message = refusalOf(() => lockDataDir(dir));

    expect(message).toMatch(
      /^Another Marquee server \(pid \d+ on box-office-2, started 2026-11-29T15:43:36\.770Z\)/,
    );
    expect(entryIn(dir).host).toBe('box-office-2');
  });

  it('of another host, untouched for longer than a live server ever leaves it: taken over (a laptop renamed on a new network)', async () => {
    const dir = tempDir();
    writeEntry(dir, { pid: await deadPid(), host: 'MacBook-Pro-2.local' });
    const untouched = new Date(Date.now() - abandonedAfterMs - 60_000);
    utimesSync(pidFile(dir), untouched, untouched);

    lock(dir);

    expect(entryIn(dir)).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it('is touched by its holder while it runs, so another host sees it alive', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const dir = tempDir();
      lock(dir);
      const longAgo = new Date(Date.now() - abandonedAfterMs - 60_000);
      utimesSync(pidFile(dir), longAgo, longAgo);

      vi.advanceTimersByTime(60_000);

      expect(Date.now() - statSync(pidFile(dir)).mtimeMs).toBeLessThan(abandonedAfterMs);
    } finally {
      vi.useRealTimers();
    }
  });

  it('empty, as another start leaves it for a moment: refused; the same left empty for a minute: taken over', () => {
    const dir = tempDir();
    writeFileSync(pidFile(dir), '');

    expect(refusalOf(() => lockDataDir(dir))).toContain('starting at this moment');

    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(pidFile(dir), aMinuteAgo, aMinuteAgo);
    lock(dir);
    expect(entryIn(dir).pid).toBe(process.pid);
  });

  it('release deletes only its own file: one another server wrote meanwhile stays', async () => {
    const dir = tempDir();
    const taken = lockDataDir(dir);
    const pid = await running(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeEntry(dir, { pid });

    taken.release();

    expect(entryIn(dir).pid).toBe(pid);
  });

  it('a process that exits without closing its app (a forced shutdown) still removes its file', async () => {
    const dir = tempDir();
    const script = `import { lockDataDir } from './src/server/data-dir-lock.ts';
      lockDataDir(${JSON.stringify(dir)});
      console.log('locked');
      process.exit(3);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));

    expect([code, out.trim()]).toEqual([3, 'locked']);
    expect(existsSync(pidFile(dir))).toBe(false);
  });
});
