import type { ServerOptions } from './config.js';

/**
 * Options for a server run inside another program (tests, `npm run gen:api`, benches): loopback on
 * a free port, plain HTTP, no mDNS, no rate limiter, no background workers, no logs, the real
 * clock. The one place these defaults are written; callers name only what differs. A server for a
 * venue takes its options from the environment instead (`optionsFromEnv` in config.ts).
 */
export function embeddedServerOptions(
  dataDir: string,
  overrides: Partial<ServerOptions> = {},
): ServerOptions {
  return {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    mdns: false,
    tls: 'off',
    rateLimitPerMinute: 0,
    venueName: 'Marquee venue',
    logLevel: 'silent',
    workers: false,
    now: Date.now,
    ...overrides,
  };
}
