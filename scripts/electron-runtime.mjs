import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Electron executable `npm start` would launch, or null when there is none to launch: the
 * `electron` package is missing (npm skips it on Node < 22.12) or was installed with
 * ELECTRON_SKIP_BINARY_DOWNLOAD. Reads electron's path.txt the way electron-vite does rather than
 * `require('electron')`, which since Electron 45 tries to download the binary on first use.
 *
 * @param {string} projectRoot folder whose node_modules to look in
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function electronBinaryPath(projectRoot = process.cwd(), env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : null;
  let packageDir;
  try {
    packageDir = dirname(createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/**
 * Why there is no Electron to launch, in the one line `npm start` says before it falls back to
 * the headless server: the package npm skipped (on Node older than 22.12 it skips the optional
 * `electron`), or its binary not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, or no network).
 *
 * @param {string} projectRoot
 * @param {NodeJS.ProcessEnv} env
 * @returns {string}
 */
export function whyNoElectron(projectRoot = process.cwd(), env = process.env) {
  let installed = true;
  try {
    createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json');
  } catch {
    installed = false;
  }
  if (!installed)
    return 'the electron package is not installed (npm skips it when installing on Node older than 22.12; install with Node 22 or 24 for the desktop app)';
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD)
    return 'its binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set)';
  return 'its binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD at install, or no network then)';
}
