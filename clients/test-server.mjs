// A live headless Marquee server on loopback for the client libraries' test suites: a fresh data
// dir, a random admin key, no rate limit, no mDNS. The suites of every language share it.
//
//   node clients/test-server.mjs     prints {"url":…,"api_key":…} on one line once the server
//                                     listens; stops it when stdin closes or on SIGTERM/SIGINT
//   node clients/test-server.mjs --rate-limit=3
//                                     the same with MARQUEE_RATE_LIMIT=3 (per key per minute), for
//                                     the suites' tests at the rate limit
//
// Tests in Node import startTestServer() instead. The server runs as `node --import tsx` (not the
// tsx CLI, which forks a second process that a signal to the first would not reach).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const startTimeoutMs = 30_000;

/**
 * @typedef {{ url: string, apiKey: string, output: () => string, stop: () => Promise<void> }} TestServer
 */

/**
 * Starts src/server/cli.ts as a child process on 127.0.0.1 with a free port.
 * @param {Record<string, string>} [env] extra MARQUEE_* settings
 * @returns {Promise<TestServer>}
 */
export async function startTestServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-clients-'));
  const apiKey = `sk_live_${randomBytes(18).toString('hex')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: apiKey,
      MARQUEE_LOG_LEVEL: 'warn',
      // A receiver a suite has not started yet is probed again soon rather than in 10 s.
      MARQUEE_WEBHOOK_PROBE_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (/** @type {Buffer} */ chunk) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  /** @type {string} */
  let url;
  try {
    url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in 30 s:\n${output}`)),
        startTimeoutMs,
      );
      const onData = () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (!match) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve(/** @type {string} */ (match[1]));
      };
      child.stdout.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening:\n${output}`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    removeDataDir();
    throw err;
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    removeDataDir();
  };
  return { url: url.replace(/\/+$/, ''), apiKey, output: () => output, stop };
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const rateLimit = process.argv.slice(2).find((arg) => arg.startsWith('--rate-limit='));
  const server = await startTestServer(
    rateLimit ? { MARQUEE_RATE_LIMIT: rateLimit.slice('--rate-limit='.length) } : {},
  );
  process.stdout.write(`${JSON.stringify({ url: server.url, api_key: server.apiKey })}\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.stdin.on('end', stop).on('close', stop).resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
