// Brings the programs `npm test` needs beyond Node and npm, so it passes on a machine that has
// nothing else: a Chromium for the e2e tests, libfaketime to move a real server's clock, poppler to
// read the PDFs the server mails, and the toolchains of the client libraries' own suites.
// Where this machine can install Debian packages (root and apt-get) it installs what is missing,
// in one apt-get run, and says so; otherwise it names what to install and fails. Nothing is
// skipped: a check without its tool proves nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { suites, toolchainMissing } from '../clients/run-tests.mjs';

/**
 * What the tests use, how to tell it is here, and the Debian package that brings it.
 * @type {{ name: string, present: () => boolean, debian: string[], usedBy: string }[]}
 */
const tools = [
  {
    name: 'chromium',
    present: () => chromiumPath() !== null,
    debian: ['chromium'],
    usedBy: 'e2e tests (Playwright)',
  },
  {
    name: 'faketime',
    present: () => onPath('faketime'),
    debian: ['faketime'],
    usedBy: 'real-process tests that move the server clock',
  },
  {
    name: 'pdftotext and pdftoppm',
    present: () => onPath('pdftotext') && onPath('pdftoppm'),
    debian: ['poppler-utils'],
    usedBy: 'order-mail tests (the PDF read back)',
  },
  // Debian's interpreters and compilers, with the packages each client library uses.
  ...Object.entries(suites).map(([name, suite]) => ({
    name: `${name} toolchain`,
    present: () => !toolchainMissing(name),
    debian: suite.packages,
    usedBy: `the ${name} client's suite (clients/${name}, npm run test:clients)`,
  })),
];

const debianChromium = '/usr/bin/chromium';

/** @param {string} command */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The browser the e2e tests will use, as test/e2e/support/chromium.ts resolves it. */
function chromiumPath() {
  const fromEnv = process.env.MARQUEE_CHROMIUM?.trim();
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync(debianChromium)) return debianChromium;
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** @param {string[]} args */
function apt(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
}

const canInstallDebian = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 && onPath('apt-get');

function installPlaywrightChromium() {
  console.log("test tools: downloading Playwright's Chromium (playwright install chromium) …");
  const cli = createRequire(import.meta.url).resolve('playwright-core/cli.js');
  return spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'inherit' }).status === 0;
}

function main() {
  // `e2e`: only the browser, for a run of the e2e tests alone (npm run test:e2e).
  const wanted = process.argv[2] === 'e2e' ? tools.slice(0, 1) : tools;
  let missing = wanted.filter((tool) => !tool.present());
  if (missing.length > 0 && canInstallDebian()) {
    const packages = missing.flatMap((tool) => tool.debian);
    console.log(`test tools: installing Debian packages: ${packages.join(' ')} …`);
    if (!(apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...packages]))) {
      console.log('test tools: apt-get did not install all of them.');
    }
    missing = missing.filter((tool) => !tool.present());
  }
  if (missing.some((tool) => tool.name === 'chromium') && installPlaywrightChromium()) {
    missing = missing.filter((tool) => !tool.present());
  }
  if (missing.length > 0) {
    for (const tool of missing) {
      console.error(
        `test tools: ${tool.name} is missing (${tool.usedBy}); install it (Debian: apt-get install ${tool.debian.join(' ')}).`,
      );
    }
    return 1;
  }
  const browser = wanted.some((tool) => tool.name === 'chromium') ? `; browser ${chromiumPath()}` : '';
  console.log(`test tools: ${wanted.map((tool) => tool.name).join(', ')} present${browser}`);
  return 0;
}

process.exitCode = main();
