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
