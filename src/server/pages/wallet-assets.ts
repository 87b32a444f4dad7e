import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The manifest's icon sizes (scripts/wallet-bundle.mjs copies the same from resources/icons). */
export const walletIconSizes = [256, 512] as const;

/** The wallet web app's files (src/wallet), the same for every ticket. */
export interface WalletAssets {
  appJs: string;
  swJs: string;
  /** PNG icons for the manifest, by pixel size. */
  icons: ReadonlyMap<number, Buffer>;
  /** A hash of the scripts: names this build in script URLs and the service worker's cache. */
  version: string;
}

interface WalletBundler {
  bundleWallet(): Promise<{ 'app.js': string; 'sw.js': string }>;
  iconSource(size: number): string;
}

/** This module runs from src/server/pages (tsx) or from a bundle in out/server or out/main. */
const here = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));
const sourceBundlers = ['../../../scripts/wallet-bundle.mjs', '../../scripts/wallet-bundle.mjs'].map(here);
const builtDirs = ['../../../out/wallet', '../../out/wallet', '../wallet'].map(here);

function assemble(appJs: string, swJs: string, icons: Map<number, Buffer>): WalletAssets {
  const version = createHash('sha256').update(appJs).update('\0').update(swJs).digest('hex').slice(0, 16);
  return { appJs, swJs, icons, version };
}

/** From the source tree: bundled now, so a server run from source never serves a stale build. */
async function fromSource(bundlerPath: string): Promise<WalletAssets> {
  const bundler = (await import(pathToFileURL(bundlerPath).href)) as WalletBundler;
  const files = await bundler.bundleWallet();
  const icons = new Map(walletIconSizes.map((size) => [size, readFileSync(bundler.iconSource(size))]));
  return assemble(files['app.js'], files['sw.js'], icons);
}

/** A packaged app: what `npm run build` wrote to out/wallet (scripts/build-wallet.mjs). */
function fromBuild(dir: string): WalletAssets {
  const icons = new Map<number, Buffer>();
  for (const size of walletIconSizes) {
    const file = join(dir, 'icons', `${size}.png`);
    if (existsSync(file)) icons.set(size, readFileSync(file));
  }
  return assemble(readFileSync(join(dir, 'app.js'), 'utf8'), readFileSync(join(dir, 'sw.js'), 'utf8'), icons);
}

let loading: Promise<WalletAssets | null> | null = null;

/**
 * The wallet's scripts and icons, loaded once per process at the first wallet page (not at
 * start: most processes, and most tests, never show one). Null when neither the source tree nor
 * a build is there (or bundling failed, which `warn` hears about); the page then shows the
 * server's QR image without the offline app.
 */
export function walletAssets(warn: (err: unknown) => void): Promise<WalletAssets | null> {
  loading ??= (async () => {
    const bundler = sourceBundlers.find((path) => existsSync(path));
    if (bundler && existsSync(join(bundler, '../../src/wallet/wallet-app.ts'))) {
      try {
        return await fromSource(bundler);
      } catch (err) {
        warn(err);
      }
    }
    const built = builtDirs.find((dir) => existsSync(join(dir, 'app.js')));
    if (!built) warn(new Error('no wallet build in out/wallet: run npm run build'));
    return built ? fromBuild(built) : null;
  })();
  return loading;
}
