// Builds the headless server into one ES module (dependencies stay in node_modules), so
// `npm run server` starts from plain JavaScript: no TypeScript transform at start-up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bundlePath = join(root, 'out', 'server', 'cli.mjs');
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
  return !existsSync(bundlePath) || statSync(bundlePath).mtimeMs < newestMtime(sourceDirs);
}

/** @param {string} [outfile] where to write it; tests build their own copy beside the usual one */
export async function buildServerBundle(outfile = bundlePath) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(root, 'src/server/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
