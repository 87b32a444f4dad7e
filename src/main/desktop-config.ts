import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, isLoopback, optionsFromEnv, type ServerOptions } from '../server/config.js';

/**
 * Same MARQUEE_* settings as the headless server; only the default data dir differs, so the
 * desktop keeps its store beside its other per-user state (and apart from Chromium's caches).
 */
export function serverOptionsForDesktop(userDataDir: string, env: NodeJS.ProcessEnv): ServerOptions {
  const dataDir = env.MARQUEE_DATA_DIR || join(userDataDir, 'venue-data');
  return optionsFromEnv({ ...env, MARQUEE_DATA_DIR: dataDir });
}

/**
 * The box office UI needs a key: the configured MARQUEE_ADMIN_KEY, else the one the server wrote to
 * admin-key.txt on first start. Empty when neither exists (the UI then asks for one).
 */
export function readDesktopApiKey(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  try {
    return readFileSync(join(dataDir, 'admin-key.txt'), 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The host's windows use a plain-HTTP listener on 127.0.0.1 (any free port, or
 * MARQUEE_LOOPBACK_PORT) beside the LAN one; none is needed when the server itself binds loopback.
 */
export function loopbackPortFor(
  options: Pick<ServerOptions, 'host'>,
  env: NodeJS.ProcessEnv,
): number | undefined {
  if (isLoopback(options.host)) return undefined;
  const raw = env.MARQUEE_LOOPBACK_PORT;
  if (raw === undefined || raw === '') return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`MARQUEE_LOOPBACK_PORT must be a whole number from 0 to 65535, got '${raw}'.`);
  return port;
}
