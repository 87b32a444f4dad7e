/**
 * The real headless venue server (src/server/cli.ts) as a child process on 127.0.0.1, in its
 * own temp data dir. Run as `node --import tsx` (one process, like `npm run server` without npm
 * in front) so a signal reaches the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const startTimeoutMs = 30_000;
const stopTimeoutMs = 10_000;

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The store the server writes; the reconciliation opens it read-only. */
  dbFile: string;
  pid: number | undefined;
  /** The last 64 KiB the server printed, for failure messages (all of it is in `logFile`). */
  output(): string;
  /** SIGTERM, then SIGKILL if it does not exit in time; removes the data dir unless `keep`. */
  stop(keep?: boolean): Promise<void>;
}

export interface ServerSettings {
  adminKey: string;
  webhookProbeMs: number;
  /** Everything the server prints (its pino log, at `logLevel`) is written here, to be searched for secrets. */
  logFile: string;
  /** Default `info`: every request's line, URL included, so the search has something to search. */
  logLevel?: string;
  /** Puts the server on the evening's clock (SimClock.processEnv: libfaketime). */
  clockEnv?: Record<string, string>;
}

const outputTailBytes = 64 * 1024;

export async function startServer(settings: ServerSettings): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-venue-day-'));
  // Only our MARQUEE_* settings reach the child, whatever the calling shell has set.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MARQUEE_')),
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_LOG_LEVEL: settings.logLevel ?? 'info',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: settings.adminKey,
      MARQUEE_WEBHOOK_PROBE_MS: String(settings.webhookProbeMs),
      MARQUEE_VENUE_NAME: 'The Marquee (simulated)',
      ...settings.clockEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(settings.logFile);
  let output = '';
  const capture = (chunk: Buffer): void => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-outputTailBytes);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  // The log file is complete once the child's pipes have closed.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const logClosed = exited.then(async () => {
    log.end();
    await once(log, 'close');
  });
  // If this process dies first, the server must not outlive it.
  const killOnExit = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server printed no "listening on" in ${startTimeoutMs} ms:\n${output}`)),
        startTimeoutMs,
      );
      const onData = (): void => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          resolve(match[1]!);
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
  } catch (err) {
    killOnExit();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  return {
    url,
    dataDir,
    dbFile: join(dataDir, 'marquee.db'),
    pid: child.pid,
    output: () => output,
    stop: async (keep = false) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(killOnExit, stopTimeoutMs);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      await logClosed;
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
