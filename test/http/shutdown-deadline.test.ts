/**
 * The shutdown's two endings on a real server (src/server/start.ts on loopback): exit 0 once
 * the close has finished, and exit 1 at the deadline when something holds the close (here a
 * worker whose stop never returns), without waiting for it.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodes, shutDown } from '../../src/server/shutdown.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { tempDataDir, testOptions } from '../support/test-app.js';

let dataDir: string | undefined;
let release: (() => void) | undefined;
let running: RunningServer | undefined;

afterEach(async () => {
  release?.();
  await running?.app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  release = running = dataDir = undefined;
});

async function start(): Promise<RunningServer> {
  dataDir = tempDataDir();
  running = await startServer(testOptions(dataDir), undefined);
  return running;
}

function exitWatcher() {
  const reports: string[] = [];
  let settle!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (settle = resolve));
  return {
    reports,
    exited,
    exit: (code: number) => settle(code),
    report: (line: string) => reports.push(line),
  };
}

describe('shutDown', () => {
  it('exits 0 once the server has closed', async () => {
    const server = await start();
    const watcher = exitWatcher();
    shutDown(server, 'SIGTERM', { deadlineMs: 5_000, exit: watcher.exit, report: watcher.report });
    expect(await watcher.exited).toBe(exitCodes.clean);
    expect(watcher.reports).toEqual([]);
    running = undefined;
  });

  it('exits 1 at the deadline when a stop never returns, and says so', async () => {
    const server = await start();
    server.app.ctx.lifecycle.onStop(
      'stuck worker',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const watcher = exitWatcher();
    const started = performance.now();
    shutDown(server, 'SIGTERM', { deadlineMs: 300, exit: watcher.exit, report: watcher.report });
    expect(await watcher.exited).toBe(exitCodes.forced);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(watcher.reports).toEqual([
      'marquee: shutdown did not finish within 0.3 s; exiting without waiting longer',
    ]);
  });
});
