// Builds the headless server into one ES module (dependencies stay in node_modules), so
// `npm run server` starts from plain JavaScript: no TypeScript transform at start-up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bundlePath = join(root, 'out', 'server', 'cli.mjs');
/**
 * The worker threads' modules, each started from the bundle's own folder (src/server/worker-module.ts):
 * the crypto threads' (tokens/crypto-threads.ts), the WAL checkpoints' (store/background-checkpoints.ts)
 * and the backups' (store/data-folder-backup.ts).
 */
const workers = {
  'crypto-worker': 'src/server/tokens/crypto-worker.ts',
  'checkpoint-worker': 'src/server/store/checkpoint-worker.ts',
  'backup-worker': 'src/server/store/backup-worker.ts',
};
const sourceDirs = ['src/server', 'src/shared'].map((dir) => join(root, dir));

/**
 * Newest modification time under the given folders, in ms.
 * @param {string[]} dirs
 * @returns {number}
 */
export function newestMtime(dirs) {
  let newest = 0;
  const stack = [...dirs];
  while (stack.length > 0) {
    const dir = /** @type {string} */ (stack.pop());
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** @returns {boolean} whether the bundle is missing or older than any server source file */
export function bundleIsStale() {
  const newest = newestMtime(sourceDirs);
  const built = [bundlePath, ...Object.keys(workers).map((name) => join(dirname(bundlePath), `${name}.mjs`))];
  return built.some((file) => !existsSync(file) || statSync(file).mtimeMs < newest);
}

/**
 * Writes the bundle and, beside it, the worker threads' modules (each its own entry: a thread
 * loads it as a file).
 * @param {string} [outfile] where to write it; tests build their own copy, each in a folder of its
 * own so that each has its own worker module beside it
 * @param {string} [entry] the program bundled; a test bundles a small probe of one worker thread
 */
export async function buildServerBundle(outfile = bundlePath, entry = join(root, 'src/server/cli.ts')) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: {
      [basename(outfile, '.mjs')]: entry,
      ...Object.fromEntries(Object.entries(workers).map(([name, source]) => [name, join(root, source)])),
    },
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Dynamic imports (the ticket PDF's fonts) become chunks loaded when first needed.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
