import type { ServerOptions } from '../src/server/config.js';

/** Server options for an in-process bench server: loopback, no limiter, no mDNS, quiet logs. */
export function benchServerOptions(dataDir: string, adminKey: string): ServerOptions {
  return {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    adminKey,
    mdns: false,
    tls: 'off',
    rateLimitPerMinute: 0,
    venueName: 'Bench venue',
    logLevel: 'warn',
    workers: false,
    now: Date.now,
  };
}
