import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from '../../scripts/server-bundle.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a probe program (a fixture that starts one worker thread and prints one JSON line of what
 * it did) the two ways the server runs besides vitest: from source under tsx, and bundled like
 * `npm run server` (scripts/server-bundle.mjs), which must put the worker's module beside it.
 */
export const workerProbe = (probe: string) => {
  const run = (args: string[]) =>
    JSON.parse(execFileSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8' })) as unknown;
  return {
    underTsx: () => run(['--import', 'tsx', probe]),
    /** The bundle's folder must hold `workerFile`; then the bundled probe's line. */
    async fromBundle(workerFile: string): Promise<{ files: string[]; answer: unknown }> {
      const dir = join(repoRoot, 'out', 'test-server', `probe-${workerFile}-${process.pid}`);
      try {
        await buildServerBundle(join(dir, 'probe.mjs'), probe);
        return { files: readdirSync(dir), answer: run([join(dir, 'probe.mjs')]) };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
