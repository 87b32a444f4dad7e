/**
 * One server per data folder, with real processes (src/server/cli.ts as `npm run server` runs it):
 * a second server on a folder in use exits 2 with one line and leaves the store alone while the
 * first keeps serving; a server killed with kill -9 leaves a stale marquee.pid that the next start
 * takes over; a clean SIGTERM removes the file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  freePort,
  httpSaleEvent,
  spawnServer,
  startExpectingRefusal,
  type SpawnedServer,
} from '../support/spawned-server.js';

const servers: SpawnedServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill9();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-lock-'));
  dirs.push(dir);
  return dir;
}

async function serve(dataDir: string, port: number): Promise<SpawnedServer> {
  const server = await spawnServer(dataDir, { MARQUEE_HOST: '127.0.0.1', MARQUEE_PORT: String(port) });
  servers.push(server);
  return server;
}

/** Two different free ports. */
async function twoPorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

const lockFile = (dataDir: string) => join(dataDir, 'marquee.pid');
const lockPid = (dataDir: string) =>
  (JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as { pid: number }).pid;
const digest = (file: string) =>
  existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'absent';
const storeDigests = (dataDir: string) =>
  ['marquee.db', 'marquee.db-wal'].map((name) => digest(join(dataDir, name)));

describe('one server per data folder', () => {
  it('a second server on a folder in use exits 2 with one line, changes nothing, and the first keeps serving', async () => {
    const dataDir = tempDir();
    const [firstPort, secondPort] = await twoPorts();
    const first = await serve(dataDir, firstPort);
    await httpSaleEvent(first.url, 10);
    expect(lockPid(dataDir)).toBe(first.child.pid);
    // Paused (SIGSTOP), the first server writes nothing meanwhile: any change would be the second's.
    first.child.kill('SIGSTOP');
    const before = storeDigests(dataDir);
    let second: Awaited<ReturnType<typeof startExpectingRefusal>>;
    try {
      second = await startExpectingRefusal(dataDir, { MARQUEE_PORT: String(secondPort) });
      expect(storeDigests(dataDir)).toEqual(before);
    } finally {
      first.child.kill('SIGCONT');
    }

    expect(second.code).toBe(2);
    const line = second.stderr.trim().split('\n').at(-1)!;
    expect(line).toMatch(
      /^marquee: Another Marquee server \(pid \d+, started \d{4}-\d\d-\d\dT[\d:.]+Z\) is using/,
    );
    expect(line).toContain(`pid ${first.child.pid},`);
    expect(line).toContain(`the data folder ${dataDir}.`);
    expect(line).toContain(`Stop that server first; if no Marquee runs, delete ${lockFile(dataDir)}`);
    expect(line).toContain('Nothing was changed.');
    expect(lockPid(dataDir)).toBe(first.child.pid);
    // It never got as far as listening on its own port.
    await expect(fetch(`http://127.0.0.1:${secondPort}/v2/health`)).rejects.toThrow();

    const health = await fetch(`${first.url}/v2/health`);
    expect(health.status).toBe(200);
    const events = await api(first.url, '/v2/events');
    expect(events.status).toBe(200);
    expect(((await events.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('after a kill -9 the file is left behind, and the next start takes it over', async () => {
    const dataDir = tempDir();
    const [firstPort, secondPort] = await twoPorts();
    const first = await serve(dataDir, firstPort);
    await httpSaleEvent(first.url, 10);
    const killedPid = first.child.pid;
    await first.kill9();
    expect(lockPid(dataDir)).toBe(killedPid);

    const again = await serve(dataDir, secondPort);

    expect(lockPid(dataDir)).toBe(again.child.pid);
    expect(again.output()).not.toMatch(/Another Marquee/);
    const events = await api(again.url, '/v2/events');
    expect(((await events.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('a SIGTERM right after `listening on` is a clean stop (exit 0) and removes the file', async () => {
    const dataDir = tempDir();
    const [firstPort] = await twoPorts();
    const first = await serve(dataDir, firstPort);
    expect(existsSync(lockFile(dataDir))).toBe(true);

    await first.stop();

    expect(await first.exited, first.output()).toBe(0);
    expect(existsSync(lockFile(dataDir))).toBe(false);
  });
});
