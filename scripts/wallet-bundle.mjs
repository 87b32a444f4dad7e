// The wallet page's browser code (src/wallet): its script and its service worker, each bundled
// into one plain script with esbuild. `npm run build` writes them to out/wallet with the icons
// (scripts/build-wallet.mjs); a server running from the source tree bundles them in memory at
// its first wallet page instead (src/server/pages/wallet-assets.ts), so they are never stale.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const walletOutDir = join(root, 'out', 'wallet');
/** The icons the web app manifest names, by size; copied beside the scripts. */
export const walletIconSizes = [256, 512];
export const iconSource = (/** @type {number} */ size) =>
  join(root, 'resources', 'icons', `${size}x${size}.png`);

/**
 * @returns {Promise<{ 'app.js': string; 'sw.js': string }>} the two scripts' text
 */
export async function bundleWallet() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      app: join(root, 'src/wallet/wallet-app.ts'),
      sw: join(root, 'src/wallet/service-worker.ts'),
    },
    outdir: walletOutDir,
    write: false,
    bundle: true,
    // Plain scripts: a classic <script> and a classic service worker run on every phone browser.
    format: 'iife',
    platform: 'browser',
    // Phone browsers a few years old.
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  /** @type {Record<string, string>} */
  const files = {};
  for (const file of result.outputFiles) files[file.path.slice(walletOutDir.length + 1)] = file.text;
  const app = files['app.js'];
  const sw = files['sw.js'];
  if (!app || !sw)
    throw new Error(`wallet bundle: expected app.js and sw.js, got ${Object.keys(files).join(', ')}`);
  return { 'app.js': app, 'sw.js': sw };
}
