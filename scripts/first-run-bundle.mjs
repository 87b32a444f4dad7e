// The first-run page's script (src/first-run/first-run-app.ts) bundled into one classic script
// with esbuild. The desktop build writes it beside out/main/index.js (electron.vite.config.ts); a
// first-run screen started from the source tree (tests) bundles it in memory instead
// (src/main/first-run-page.ts), so it is never stale.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Its file name beside the main process's bundle. */
export const firstRunScriptName = 'first-run-app.js';

/** @returns {Promise<string>} the script's text */
export async function bundleFirstRunScript() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(root, 'src/first-run/first-run-app.ts')],
    write: false,
    bundle: true,
    // A classic deferred <script>: Electron's Chromium, or any browser in tests.
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'warning',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('first-run bundle: esbuild wrote nothing');
  return file.text;
}
