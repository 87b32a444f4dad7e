// Brings the browser the e2e tests need, so `npm test` works on a machine with only Node and npm.
// In order: MARQUEE_CHROMIUM; Debian's /usr/bin/chromium; installing Debian's chromium when this
// machine can (root and apt-get); Playwright's own Chromium (downloaded when missing). It says
// what it did in one line and fails loudly when it finds no browser: e2e is never skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const debianChromium = '/usr/bin/chromium';

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
const ok = (command, args, env = process.env) =>
  spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;

const hasAptGet = () => ok('sh', ['-c', 'command -v apt-get']);
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function playwrightOwnChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function main() {
  const fromEnv = process.env.MARQUEE_CHROMIUM?.trim();
  if (fromEnv) {
    if (existsSync(fromEnv)) return (console.log(`e2e browser: ${fromEnv} (MARQUEE_CHROMIUM)`), 0);
    console.error(`e2e browser: MARQUEE_CHROMIUM=${fromEnv} does not exist.`);
    return 1;
  }
  if (existsSync(debianChromium)) return (console.log(`e2e browser: Debian's ${debianChromium}`), 0);
  if (isRoot() && hasAptGet()) {
    console.log("e2e browser: installing Debian's chromium (apt-get install chromium) …");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (ok('apt-get', ['update', '-qq'], env) && ok('apt-get', ['install', '-y', '-qq', 'chromium'], env)) {
      if (existsSync(debianChromium)) return (console.log(`e2e browser: installed ${debianChromium}`), 0);
    }
    console.log("e2e browser: Debian's chromium did not install; trying Playwright's own.");
  }
  const own = playwrightOwnChromium();
  if (own) return (console.log(`e2e browser: Playwright's ${own}`), 0);
  console.log("e2e browser: downloading Playwright's Chromium (npx playwright install chromium) …");
  if (
    ok(process.execPath, [
      createRequire(import.meta.url).resolve('playwright-core/cli.js'),
      'install',
      'chromium',
    ])
  ) {
    const fetched = playwrightOwnChromium();
    if (fetched) return (console.log(`e2e browser: Playwright's ${fetched}`), 0);
  }
  console.error(
    'e2e browser: none found and none could be installed. Install Chromium (Debian: apt-get install ' +
      'chromium) or set MARQUEE_CHROMIUM to a Chromium binary, then run npm test again.',
  );
  return 1;
}

process.exitCode = main();
