// Runs the client libraries' own test suites (python, ruby, php, go), each with its Debian
// toolchain and against a live server of its own on 127.0.0.1 (the suites start
// clients/test-server.mjs themselves), two at a time. The node client's tests run with the root
// vitest suite.
//
//   node clients/run-tests.mjs [python|ruby|php|go …] [--jobs=N] [--verbose]
//   node clients/run-tests.mjs --missing-packages    the Debian packages of suites that cannot run
//
// A suite whose toolchain is missing fails the run (it is never skipped), and so does a skipped
// test. Prints one summary line per language and a closing `clients: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const clientsDir = fileURLToPath(new URL('.', import.meta.url));
const suiteTimeoutMs = 5 * 60_000;

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 * @typedef {{
 *   packages: string[],
 *   checks: string[][],
 *   commands: string[][],
 *   env?: Record<string, string>,
 *   count: (output: string) => Counts | null,
 * }} Suite
 */

const number = (/** @type {string} */ text, /** @type {RegExp} */ pattern) =>
  Number(pattern.exec(text)?.[1] ?? 0);

/** @type {Record<string, Suite>} */
export const suites = {
  python: {
    packages: ['python3-requests', 'python3-jwt', 'python3-cryptography', 'python3-pytest'],
    checks: [['/usr/bin/python3', '-c', 'import requests, jwt, cryptography, pytest']],
    commands: [['/usr/bin/python3', '-m', 'pytest', '-p', 'no:cacheprovider', '-q', '-rs']],
    env: { PYTHONDONTWRITEBYTECODE: '1' },
    count(output) {
      const summary = /^=*\s*(\d+ (?:passed|failed|error).*) in [\d.]+s/m.exec(output)?.[1];
      if (!summary) return null;
      return {
        passed: number(summary, /(\d+) passed/),
        failed: number(summary, /(\d+) failed/) + number(summary, /(\d+) errors?/),
        skipped: number(summary, /(\d+) skipped/) + number(summary, /(\d+) xfailed/),
      };
    },
  },
  ruby: {
    packages: ['ruby', 'ruby-jwt', 'ruby-rbnacl', 'ruby-minitest', 'rake'],
    checks: [['/usr/bin/ruby', '-e', 'require "jwt"; require "rbnacl"; require "minitest"; require "rake"']],
    commands: [['/usr/bin/ruby', '-S', 'rake', 'test']],
    count(output) {
      const m = /(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips/.exec(output);
      if (!m) return null;
      const [runs, failures, errors, skips] = [1, 2, 3, 4].map((i) => Number(m[i]));
      return {
        passed: Number(runs) - Number(failures) - Number(errors) - Number(skips),
        failed: Number(failures) + Number(errors),
        skipped: Number(skips),
      };
    },
  },
  php: {
    packages: ['php-cli', 'php-curl', 'phpunit'],
    checks: [
      ['/usr/bin/php', '-r', 'exit(extension_loaded("curl") && extension_loaded("sodium") ? 0 : 1);'],
      ['/usr/bin/phpunit', '--version'],
    ],
    commands: [['/usr/bin/phpunit']],
    count(output) {
      const ok = /^OK \((\d+) tests?, /m.exec(output);
      if (ok) return { passed: Number(ok[1]), failed: 0, skipped: 0 };
      const m = /^Tests: (\d+), Assertions: \d+(.*)\.$/m.exec(output);
      if (!m) return null;
      const details = m[2] ?? '';
      const bad = number(details, /Failures: (\d+)/) + number(details, /Errors: (\d+)/);
      const skipped =
        number(details, /Skipped: (\d+)/) +
        number(details, /Incomplete: (\d+)/) +
        number(details, /Risky: (\d+)/);
      return { passed: Number(m[1]) - bad - skipped, failed: bad, skipped };
    },
  },
  go: {
    packages: ['golang-go'],
    checks: [['/usr/bin/go', 'version']],
    commands: [
      // gofmt prints the files it would change: any output fails the suite.
      [
        '/bin/sh',
        '-c',
        'out=$(/usr/bin/gofmt -l .) && [ -z "$out" ] || { echo "gofmt would change: $out"; exit 1; }',
      ],
      ['/usr/bin/go', 'vet', './...'],
      ['/usr/bin/go', 'test', '-count=1', '-v', './...'],
    ],
    // Standard library only: never reach for a module proxy.
    env: { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
    count(output) {
      if (!/^(ok|FAIL)\s+marquee\b/m.test(output)) return null;
      return {
        passed: (output.match(/^--- PASS: /gm) ?? []).length,
        failed: (output.match(/^--- FAIL: /gm) ?? []).length,
        skipped: (output.match(/^--- SKIP: /gm) ?? []).length,
      };
    },
  },
};

/** @param {string} name @returns {Suite} */
function suite(name) {
  const found = suites[name];
  if (!found) throw new Error(`unknown suite ${name}`);
  return found;
}

/**
 * A suite passes when its runner exited 0 having run at least one test, none failed and none was
 * skipped (a skipped test proves nothing).
 * @param {number | null} code @param {Counts} counts
 */
export function verdict(code, counts) {
  if (counts.skipped > 0) return { ok: false, note: 'skipped tests fail the run' };
  if (code !== 0) return { ok: false, note: `exit ${code}` };
  if (counts.failed > 0) return { ok: false, note: 'failures, yet exit 0' };
  if (counts.passed === 0) return { ok: false, note: 'no test ran' };
  return { ok: true, note: '' };
}

/** Whether a suite's toolchain cannot run here. @param {string} name */
export function toolchainMissing(name) {
  return suite(name).checks.some(([command = '', ...args]) => {
    const result = spawnSync(command, args, {
      cwd: join(clientsDir, name),
      stdio: 'ignore',
      timeout: 60_000,
    });
    return result.status !== 0;
  });
}

/**
 * Runs one command of a suite; resolves with its exit code and output (stdout and stderr).
 * @param {string} name @param {string[]} command @param {(text: string) => void} onOutput
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runCommand(name, [command = '', ...args], onOutput) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: join(clientsDir, name),
      env: {
        ...process.env,
        // The suites start the test server with this Node (22 or 24), and find it first on PATH.
        MARQUEE_NODE: process.execPath,
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        ...suite(name).env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a timeout ends the test server too
    });
    let output = '';
    const collect = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      onOutput(chunk.toString());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      output += `\n${name}: timed out after ${suiteTimeoutMs / 1000} s\n`;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, suiteTimeoutMs);
    child.on('error', (err) => {
      output += `\n${name}: ${err.message}\n`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * @param {string} name @param {boolean} verbose
 * @returns {Promise<{ name: string, ok: boolean, counts: Counts, seconds: number, output: string, note: string }>}
 */
async function runSuite(name, verbose) {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const none = { passed: 0, failed: 0, skipped: 0 };
  if (toolchainMissing(name)) {
    const note = `toolchain missing: apt-get install ${suite(name).packages.join(' ')}`;
    return { name, ok: false, counts: none, seconds: seconds(), output: '', note };
  }
  let output = '';
  for (const command of suite(name).commands) {
    const result = await runCommand(name, command, (text) => {
      if (verbose) process.stdout.write(text.replace(/^/gm, `[${name}] `));
    });
    output += result.output;
    if (result.code !== 0 && command !== suite(name).commands.at(-1)) {
      return {
        name,
        ok: false,
        counts: none,
        seconds: seconds(),
        output,
        note: `${command.join(' ')} failed`,
      };
    }
    if (command === suite(name).commands.at(-1)) {
      const counts = suite(name).count(output);
      if (!counts)
        return { name, ok: false, counts: none, seconds: seconds(), output, note: 'no test summary' };
      const { ok, note } = verdict(result.code, counts);
      return { name, ok, counts, seconds: seconds(), output, note };
    }
  }
  throw new Error('unreachable');
}

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !(n in suites));
  if (unknown.length > 0) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  const chosen = names.length > 0 ? names : Object.keys(suites);
  if (args.includes('--missing-packages')) {
    console.log(
      chosen
        .filter(toolchainMissing)
        .flatMap((n) => suite(n).packages)
        .join(' '),
    );
    return;
  }
  const jobs = Number(/^--jobs=(\d+)$/.exec(args.find((a) => a.startsWith('--jobs=')) ?? '')?.[1] ?? 2);
  const verbose = args.includes('--verbose');

  const queue = [...chosen];
  /** @type {Awaited<ReturnType<typeof runSuite>>[]} */
  const results = [];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const result = await runSuite(name, verbose);
      results.push(result);
      const { passed, failed, skipped } = result.counts;
      const skips = skipped ? `, ${skipped} skipped` : '';
      const note = result.note ? ` — ${result.note}` : '';
      console.log(
        `${name}: ${passed} passed, ${failed} failed${skips} (${result.seconds.toFixed(1)} s)${note}`,
      );
      if (!result.ok && !verbose && result.output) {
        console.log(result.output.split('\n').slice(-80).join('\n').replace(/^/gm, `  [${name}] `));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));

  const passed = results.reduce((sum, r) => sum + r.counts.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.counts.failed + (r.ok ? 0 : r.counts.failed ? 0 : 1), 0);
  console.log(`clients: ${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) await main();
