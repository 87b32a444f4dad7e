// `npm start`: the desktop app where Electron can run, otherwise the same UI from the headless
// server on loopback (CONTRACT.md "Running it").
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath, whyNoElectron } from './electron-runtime.mjs';
import { exitCodeOf, forwardedSignals } from './supported-node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs a child with our stdio and resolves with its exit code. On POSIX the child gets its own
 * process group and Ctrl-C or a service stop is passed to that whole group once: `npm run` wraps
 * the server in `sh` and `tsx`, and npm does not pass signals through them.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
function run(command, args, env = process.env) {
  const windows = process.platform === 'win32';
  return new Promise((resolve, reject) => {
    // Windows can only start npm.cmd through a shell.
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: 'inherit',
      detached: !windows,
      shell: windows,
    });
    let signalled = false;
    /** @param {NodeJS.Signals} signal */
    const forward = (signal) => {
      signalled = true;
      try {
        if (!windows && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // The group has already gone; its exit event settles the promise.
      }
    };
    for (const signal of forwardedSignals) process.on(signal, forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const s of forwardedSignals) process.off(s, forward);
      const exitCode = exitCodeOf(code, signal);
      // npm exits as soon as its shell does, while the server below it may still be closing its
      // store: after a stop, wait for the whole group, so that our exit means everything has stopped.
      if (!signalled || windows || child.pid === undefined) resolve(exitCode);
      else void groupGone(child.pid).then(() => resolve(exitCode));
    });
  });
}

/** A little longer than the server's own shutdown deadline (src/server/shutdown.ts, 9 s). */
const groupStopWaitMs = 12_000;

/**
 * Resolves when no process of the group is left, or after groupStopWaitMs.
 * @param {number} pgid
 */
async function groupGone(pgid) {
  const until = Date.now() + groupStopWaitMs;
  while (Date.now() < until) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startDesktop() {
  // `preview` builds main, preload and renderer, then launches Electron on out/main.
  const cli = createRequire(import.meta.url).resolve('electron-vite/bin/electron-vite.js');
  return run(process.execPath, [cli, 'preview']);
}

async function startHeadless() {
  console.log(`No Electron to start: ${whyNoElectron(root)}. Starting the headless server instead.`);
  // The renderer's build, quiet but for warnings (build:renderer's steps, each given the flag).
  // vite's package exports no bin path: found beside its package.json.
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const built = await run(process.execPath, [
    vite,
    'build',
    '--config',
    'vite.renderer.config.ts',
    '--logLevel',
    'warn',
  ]);
  if (built !== 0) return built;
  const wallet = await run(process.execPath, ['scripts/build-wallet.mjs']);
  if (wallet !== 0) return wallet;
  // Loopback and no mDNS unless asked: this stands in for one person's desktop app, not the venue
  // LAN server (set MARQUEE_HOST=0.0.0.0 for that).
  const env = {
    ...process.env,
    MARQUEE_HOST: process.env.MARQUEE_HOST || '127.0.0.1',
    MARQUEE_MDNS: process.env.MARQUEE_MDNS ?? '0',
  };
  return run(npm, ['run', '--silent', 'server'], env);
}

const code = electronBinaryPath(root) ? await startDesktop() : await startHeadless();
process.exitCode = code;
