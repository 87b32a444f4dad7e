import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverLogDir } from './support/venue-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the renderer once for the run; every test's server serves out/renderer. */
export default function globalSetup(): void {
  // This run's server logs only: global-teardown.ts searches them for secrets.
  rmSync(serverLogDir, { recursive: true, force: true });
  const started = Date.now();
  execFileSync('npm', ['run', '--silent', 'build:renderer'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(`${root}/out/renderer/index.html`)) {
    throw new Error('npm run build:renderer did not produce out/renderer/index.html');
  }
  console.log(`renderer built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
