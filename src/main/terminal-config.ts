import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeFingerprint } from '../scanner/fingerprint.js';
import { isLoopbackHost } from '../scanner/transport.js';
import { privateDirMode, tightenFile } from '../shared/private-files.js';

/**
 * What a till that joined another machine's venue keeps, so later starts open the remote box
 * office straight away instead of a local store. Saved as userData/terminal.json.
 */
export interface TerminalConfig {
  version: 1;
  /** Origin of the venue server this till uses, e.g. `https://192.168.1.20:4380`. */
  baseUrl: string;
  /** Lower-case hex SHA-256 of its certificate; null only for plain HTTP on this machine. */
  fingerprint: string | null;
  /** This till's own `box_office` key, from pairing. */
  apiKey: string;
  apiKeyId: string;
  deviceId: string;
  /** The venue's name when it was joined, for the tray and the window title. */
  venue: string | null;
  pairedAt: string;
}

export const terminalConfigFile = 'terminal.json';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Checks a parsed terminal.json; null when anything is missing or unsafe, so the till asks again. */
export function parseTerminalConfig(value: unknown): TerminalConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.version !== 1) return null;
  const { baseUrl, apiKey, apiKeyId, deviceId, pairedAt } = record;
  if (!isText(baseUrl) || !isText(apiKey) || !isText(apiKeyId) || !isText(deviceId) || !isText(pairedAt))
    return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  const fingerprint = record.fingerprint === null ? null : normalizeFingerprint(String(record.fingerprint));
  // The key travels to this server in every request: only to the pinned certificate, or over
  // plain HTTP that never leaves this machine.
  const safe =
    (url.protocol === 'https:' && fingerprint !== null) ||
    (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!safe) return null;
  const venue = typeof record.venue === 'string' && record.venue.length > 0 ? record.venue : null;
  return {
    version: 1,
    baseUrl: url.origin,
    fingerprint,
    apiKey,
    apiKeyId,
    deviceId,
    venue,
    pairedAt,
  };
}

export function readTerminalConfig(userDataDir: string): TerminalConfig | null {
  const file = join(userDataDir, terminalConfigFile);
  // It holds this till's API key: one written 0644 by an older version becomes 0600.
  tightenFile(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return parseTerminalConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Written whole or not at all (temp file, then rename), readable by this user only: it holds a key. */
export function writeTerminalConfig(userDataDir: string, config: TerminalConfig): void {
  mkdirSync(userDataDir, { recursive: true, mode: privateDirMode });
  const target = join(userDataDir, terminalConfigFile);
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, target);
}

/** Leaving the venue: the next start asks "host or join" again. */
export function forgetTerminalConfig(userDataDir: string): void {
  rmSync(join(userDataDir, terminalConfigFile), { force: true });
}
