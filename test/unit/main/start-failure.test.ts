/**
 * The line the desktop app shows in its "Marquee could not start" box (src/main/index.ts calls
 * startFailureLine; Electron itself does not run here): for a data folder another Marquee server
 * uses, the same refusal the headless server prints; for anything unexplained, the error's message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFailureLine } from '../../../src/main/start-failure.js';
import { startServer } from '../../../src/server/start.js';
import { testOptions } from '../../support/test-app.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function failureOf(start: Promise<unknown>): Promise<unknown> {
  return start.then(
    () => {
      throw new Error('expected the start to fail');
    },
    (err: unknown) => err,
  );
}

describe('the desktop start failure line', () => {
  it('a data folder another running Marquee holds: the refusal naming its pid and what to do', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-desktop-lock-'));
    dirs.push(dataDir);
    // Stands in for a headless server started earlier on the same folder.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(other);
    await new Promise((resolve) => other.once('spawn', resolve));
    const started = '2026-11-29T15:43:36.770Z';
    writeFileSync(
      join(dataDir, 'marquee.pid'),
      JSON.stringify({ pid: other.pid, started_at: started, host: hostname(), dir: dataDir }),
    );

    const options = testOptions(dataDir, { host: '127.0.0.1', port: 0 });
    const line = startFailureLine(await failureOf(startServer(options, undefined, { loopbackPort: 0 })));

    expect(line).toBe(
      `Another Marquee server (pid ${other.pid}, started ${started}) is using the data folder ${dataDir}. ` +
        `Stop that server first; if no Marquee runs, delete ${join(dataDir, 'marquee.pid')} and start again. ` +
        'Nothing was changed.',
    );
    expect(existsSync(join(dataDir, 'marquee.db'))).toBe(false);
  });

  it('a busy port: the same words as the headless server, not the raw listen error', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-desktop-port-'));
    dirs.push(dataDir);
    try {
      const line = startFailureLine(
        await failureOf(startServer(testOptions(dataDir, { host: '127.0.0.1', port }))),
      );
      expect(line).toMatch(
        new RegExp(`^Another program is already listening on port ${port} on 127\\.0\\.0\\.1`),
      );
      // The app built before the listen failed has let the folder go.
      expect(existsSync(join(dataDir, 'marquee.pid'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('an error nobody explained: its own message', () => {
    expect(startFailureLine(new Error('the store binding cannot load'))).toBe(
      'the store binding cannot load',
    );
    expect(startFailureLine('plain words')).toBe('plain words');
  });
});
