import { defineConfig } from 'electron-vite';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleFirstRunScript, firstRunScriptName } from './scripts/first-run-bundle.mjs';
import { rendererConfig } from './vite.renderer.config.js';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * electron-vite reads node_modules/electron/package.json to choose Node/Chrome targets and ESM
 * support. npm skips that optional package on Node < 22.12, so name the major we target instead of
 * failing; with Electron installed its real version is used.
 */
function ensureElectronMajorKnown(): void {
  try {
    createRequire(import.meta.url).resolve('electron/package.json');
  } catch {
    const pkg = JSON.parse(readFileSync(fromRoot('./package.json'), 'utf8')) as {
      optionalDependencies?: Record<string, string>;
    };
    const major = /\d+/.exec(pkg.optionalDependencies?.electron ?? '')?.[0];
    if (major) process.env.ELECTRON_MAJOR_VER ??= major;
  }
}
ensureElectronMajorKnown();

/** electron-vite forces base './' for file:// loading; our window loads the server's `/` instead. */
const absoluteBase: Plugin = { name: 'marquee:absolute-base', config: () => ({ base: '/' }) };

/** The first-run page's script, beside out/main/index.js where src/main/first-run-page.ts reads it. */
const firstRunScript: Plugin = {
  name: 'marquee:first-run-script',
  async generateBundle() {
    this.emitFile({ type: 'asset', fileName: firstRunScriptName, source: await bundleFirstRunScript() });
  },
};

export default defineConfig({
  main: {
    plugins: [firstRunScript],
    // `dependencies` (better-sqlite3 and the rest) stay external and load from node_modules.
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: fromRoot('./src/main/index.ts'),
          // The worker threads' modules, files the server starts its threads from: it looks for
          // <name>.mjs beside itself (src/server/worker-module.ts).
          'crypto-worker': fromRoot('./src/server/tokens/crypto-worker.ts'),
          'checkpoint-worker': fromRoot('./src/server/store/checkpoint-worker.ts'),
          'backup-worker': fromRoot('./src/server/store/backup-worker.ts'),
        },
        output: {
          entryFileNames: (chunk) => (chunk.name.endsWith('-worker') ? '[name].mjs' : '[name].js'),
        },
      },
    },
  },
  preload: {
    // A sandboxed preload can only require 'electron', so bundle everything else, as CommonJS.
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromRoot('./src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    plugins: [...rendererConfig.plugins, absoluteBase],
    build: {
      ...rendererConfig.build,
      rollupOptions: {
        ...rendererConfig.build.rollupOptions,
        input: { index: fromRoot('./src/renderer/index.html') },
      },
    },
  },
});
