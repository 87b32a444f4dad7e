import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/**
 * Every server's stdout and stderr, one file per data dir; global-teardown.ts searches them for
 * secrets (as `node scripts/grep-secrets.mjs test-results/server-logs` does).
 */
export const serverLogDir = join(root, 'test-results', 'server-logs');

export const adminKey = 'sk_live_e2eadminkey00000000000000001';

export interface VenueServer {
  url: string;
  dataDir: string;
  /** Calls the API with the admin key; throws on a non-2xx answer. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
  /** Stops the process but keeps its data dir, as a venue server that went away. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data dir (after halt). */
  resume(): Promise<void>;
}

/**
 * The real headless server (`tsx src/server/cli.ts`), on loopback, on a port the OS picks, with a
 * fresh data dir (or the empty folder `ownDataDir`, e.g. on a small disk, which the caller then
 * cleans up); it serves the built renderer from out/renderer. `env` adds or overrides settings (e.g. a short
 * MARQUEE_WEBHOOK_PROBE_MS).
 */
export async function startVenueServer(
  startTimeoutMs = 30_000,
  env: Readonly<Record<string, string>> = {},
  ownDataDir?: string,
): Promise<VenueServer> {
  const dataDir = ownDataDir ?? mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
  const cleanUp = () => {
    if (!ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  mkdirSync(serverLogDir, { recursive: true });
  const logFile = join(serverLogDir, `${basename(dataDir)}.log`);
  const spawnServer = (port: string) => {
    const child = spawn(tsx, ['src/server/cli.ts'], {
      cwd: root,
      env: {
        ...process.env,
        MARQUEE_HOST: '127.0.0.1',
        MARQUEE_PORT: port,
        MARQUEE_MDNS: '0',
        MARQUEE_RATE_LIMIT: '0',
        MARQUEE_DATA_DIR: dataDir,
        MARQUEE_ADMIN_KEY: adminKey,
        // Every request's line, URL included: the secret search needs something to search.
        MARQUEE_LOG_LEVEL: 'info',
        MARQUEE_VENUE_NAME: 'The Blue Room',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Appended: a resumed server writes after the halted one.
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('close', () => log.end());
    return child;
  };
  let child = spawnServer('0');
  let url: string;
  try {
    url = await listeningUrl(child, startTimeoutMs);
  } catch (err) {
    child.kill('SIGKILL');
    cleanUp();
    throw err;
  }

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };

  return {
    url,
    dataDir,
    api,
    async stop() {
      await stopChild(child);
      cleanUp();
    },
    async halt() {
      await stopChild(child);
    },
    async resume() {
      child = spawnServer(new URL(url).port);
      await listeningUrl(child, startTimeoutMs);
    },
  };
}

function listeningUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`server did not print "listening on" within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

/** SIGTERM lets the server close its store cleanly; SIGKILL only if it hangs. */
function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
