import { embeddedServerOptions } from '../src/server/app-options.js';
import type { ServerOptions } from '../src/server/config.js';

/** Server options for an in-process bench server: the embedded defaults, warnings logged. */
export function benchServerOptions(dataDir: string, adminKey: string): ServerOptions {
  return embeddedServerOptions(dataDir, { adminKey, venueName: 'Bench venue', logLevel: 'warn' });
}
