import type { ConnectionCap } from './http/connection-cap.js';
import { homedir, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { LogSink } from './logging/log-destination.js';
import type { MailSenderOverrides } from './mail/mail-sender.js';
import { defaultRetentionDays, maxRetentionDays, type RetentionTuning } from './store/retention-defaults.js';
import { defaultConcurrency, defaultProbeMs, maxProbeMs } from './webhooks/defaults.js';
import { isLoopbackHost } from '../shared/loopback.js';

/** Everything the server needs to start; built from MARQUEE_* variables or by the Electron shell. */
export interface ServerOptions {
  /** Holds marquee.db, signing keys, the TLS certificate and admin-key.txt. */
  dataDir: string;
  host: string;
  port: number;
  /** Becomes the first admin key when the store has none yet. */
  adminKey?: string;
  /** Public base for `url` and `wallet_url`; defaults to the listening URL. */
  baseUrl?: string;
  /**
   * Port of the public listener (MARQUEE_PUBLIC_PORT), which serves only attendee pages (`/e/…`,
   * `/w/…`) for publishing through a reverse proxy or tunnel; none when unset.
   */
  publicPort?: number;
  /** Its bind address (MARQUEE_PUBLIC_HOST, default 0.0.0.0). */
  publicHost?: string;
  /** Advertise `_marquee._tcp`; never honoured on a loopback bind. */
  mdns: boolean;
  /**
   * How long a LAN start (mDNS on) looks for another server running this venue's data before it
   * sends webhooks and mail (twin-check.ts); tests shorten it.
   */
  twinCheckMs?: number;
  /** HTTPS with a self-signed certificate on non-loopback binds ('auto'), or plain HTTP ('off'). */
  tls: 'auto' | 'off';
  smtpUrl?: string;
  /** From address of outgoing mail (MARQUEE_SMTP_FROM); defaults to the venue name at a placeholder. */
  smtpFrom?: string;
  /** Mail sender poll interval and backoff; tests shrink them. */
  mailSender?: MailSenderOverrides;
  /** Requests per key per minute; 0 turns the limiter off. */
  rateLimitPerMinute: number;
  venueName: string;
  logLevel: string;
  /** Where log lines go instead of stdout (tests read them); see logging/log-destination.ts. */
  logDestination?: LogSink;
  /**
   * How long a shutdown lets requests in flight finish before their connections are cut, ms
   * (default 4 s; see http/drain.ts).
   */
  drainGraceMs?: number;
  /**
   * How long a client has to send a whole request, head and body, ms (default 60 s; see
   * http/request-deadline.ts); tests shorten it.
   */
  requestTimeoutMs?: number;
  /** Connections one client address may hold at once (default 128, loopback exempt; http/connection-cap.ts). */
  connectionCap?: ConnectionCap;
  /** Start background workers (webhook dispatcher, mail sender). Tests of pure API turn them off. */
  workers: boolean;
  /** Injectable clock (ms since epoch) so sale windows and token lifetimes are testable. */
  now: () => number;
  /** Allow webhook URLs on link-local addresses (MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL=1); off by default. */
  webhookAllowLinkLocal?: boolean;
  /** Probe interval for an unreachable webhook receiver, ms (MARQUEE_WEBHOOK_PROBE_MS; default 10 s). */
  webhookProbeMs?: number;
  /** Webhook deliveries in flight per endpoint (MARQUEE_WEBHOOK_CONCURRENCY; default 16). */
  webhookConcurrency?: number;
  /** Waits after each failed webhook attempt, ms; tests shorten the contract's 5 s … 10 h. */
  webhookRetryScheduleMs?: readonly number[];
  /** Days finished webhook deliveries, their messages and sent or failed mail are kept (MARQUEE_RETENTION_DAYS; default 30). */
  retentionDays?: number;
  /** Retention sweep timing and batch size; tests shrink them. */
  retention?: Partial<RetentionTuning>;
  /** The Vite dev server's origin under `npm run dev`, allowed to call the API (http/dev-cors.ts). */
  devOrigin?: string;
  /** better-sqlite3's native binding; the desktop passes the one it checked (src/main/store-binding.ts). */
  storeBinding?: string;
  /**
   * Where POST /v2/backups saves until Settings names a folder; default `marquee-backups` beside
   * the data folder. Tests give each app its own, so no two share one folder in /tmp.
   */
  backupFolder?: string;
}

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'marquee');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'marquee');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'marquee');
}

export class ConfigError extends Error {}

function intSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'.`);
  }
  return value;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const adminKey = env.MARQUEE_ADMIN_KEY || undefined;
  if (adminKey !== undefined && !/^sk_live_[A-Za-z0-9_]{16,}$/.test(adminKey)) {
    throw new ConfigError(
      'MARQUEE_ADMIN_KEY must look like sk_live_ followed by at least 16 letters or digits.',
    );
  }
  const baseUrl = env.MARQUEE_BASE_URL || undefined;
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+/.test(baseUrl)) {
    throw new ConfigError(`MARQUEE_BASE_URL must be an http(s) URL, got '${baseUrl}'.`);
  }
  const smtpUrl = env.MARQUEE_SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) {
    // The value is not echoed: it may carry the SMTP password.
    throw new ConfigError(
      'MARQUEE_SMTP_URL must look like smtp://host:port or smtps://user:password@host:port.',
    );
  }
  if (smtpUrl !== undefined && !userInfoDecodes(smtpUrl)) {
    throw new ConfigError(
      'MARQUEE_SMTP_URL has a % in its user name or password that is not an escape: write % as %25 (and @ as %40, / as %2F, : as %3A).',
    );
  }
  if (smtpUrl !== undefined && !hostAndPortRead(smtpUrl)) {
    throw new ConfigError(
      'MARQUEE_SMTP_URL does not read as smtp://user:password@host:port: the host must have no spaces, the port must be a number from 1 to 65535, and a # ? or / in the password must be written %23, %3F or %2F.',
    );
  }
  return {
    dataDir: env.MARQUEE_DATA_DIR || defaultDataDir(env),
    host: env.MARQUEE_HOST || '0.0.0.0',
    port: intSetting(env, 'MARQUEE_PORT', 4380, 0, 65535),
    publicPort: env.MARQUEE_PUBLIC_PORT ? intSetting(env, 'MARQUEE_PUBLIC_PORT', 0, 0, 65535) : undefined,
    publicHost: env.MARQUEE_PUBLIC_HOST || '0.0.0.0',
    adminKey,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    mdns: env.MARQUEE_MDNS !== '0',
    tls: env.MARQUEE_TLS === 'off' ? 'off' : 'auto',
    smtpUrl,
    smtpFrom: env.MARQUEE_SMTP_FROM || undefined,
    rateLimitPerMinute: intSetting(env, 'MARQUEE_RATE_LIMIT', 6000, 0, 10_000_000),
    venueName: env.MARQUEE_VENUE_NAME || 'Marquee venue',
    logLevel: env.MARQUEE_LOG_LEVEL || 'info',
    workers: true,
    webhookAllowLinkLocal: env.MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL === '1',
    webhookProbeMs: intSetting(env, 'MARQUEE_WEBHOOK_PROBE_MS', defaultProbeMs, 50, maxProbeMs),
    webhookConcurrency: intSetting(env, 'MARQUEE_WEBHOOK_CONCURRENCY', defaultConcurrency, 1, 64),
    retentionDays: intSetting(env, 'MARQUEE_RETENTION_DAYS', defaultRetentionDays, 1, maxRetentionDays),
    now: Date.now,
  };
}

export function isLoopback(host: string): boolean {
  return isLoopbackHost(host);
}

/** A non-loopback bind serves HTTPS unless TLS is explicitly off (CONTRACT.md "bind address"). */
export function usesHttps(options: Pick<ServerOptions, 'host' | 'tls'>): boolean {
  return options.tls === 'auto' && !isLoopback(options.host);
}

/** The address a person or device on the LAN would type: a wildcard bind maps to a real interface. */
export function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host;
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}

export function listeningUrl(options: Pick<ServerOptions, 'host' | 'tls'>, port: number): string {
  return `${usesHttps(options) ? 'https' : 'http'}://${reachableHost(options.host)}:${port}`;
}

/** Whether the user name and password of a URL decode as nodemailer will decode them. */
/**
 * Whether the URL's host and port are ones a connection can be made to. nodemailer's own reading
 * keeps a port out of range (mail then "unreachable", retried for ever, instead of a setup error
 * at start) and drops a port after a host with a space in it, falling back to 587 unasked.
 */
function hostAndPortRead(url: string): boolean {
  try {
    const { hostname, port } = new URL(url);
    return hostname !== '' && port !== '0';
  } catch {
    return false;
  }
}

function userInfoDecodes(url: string): boolean {
  const authority = url.replace(/^smtps?:\/\//, '').split('/')[0] ?? '';
  const at = authority.lastIndexOf('@');
  if (at === -1) return true;
  try {
    for (const part of authority.slice(0, at).split(':')) decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}
