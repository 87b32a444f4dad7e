import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscoveredServer } from '../scanner/discovery.js';
import { isScannerError } from '../scanner/errors.js';
import { normalizeFingerprint } from '../scanner/fingerprint.js';
import { parsePairingCode } from '../scanner/pairing-code.js';
import { isLoopbackHost } from '../scanner/transport.js';
import type { TerminalConfig } from './terminal-config.js';

/**
 * The decisions behind a till's first start, kept free of Electron, sockets and files (but for
 * `hasVenueStore`) so they are unit-tested: host the venue here, or join a venue server that
 * already runs on another machine (several tills, one store).
 */

export type StartupPlan =
  | { kind: 'host' }
  | { kind: 'terminal'; config: TerminalConfig }
  /** Nothing decides yet: show the first-run screen; `browse` says whether to look over mDNS. */
  | { kind: 'ask'; browse: boolean };

export interface StartupFacts {
  /** This machine already holds a venue store (it hosted before). */
  venueStoreExists: boolean;
  terminal: TerminalConfig | null;
  env: NodeJS.ProcessEnv;
}

/** Test runs never multicast on a real network; tests of discovery run in a network namespace. */
export function isTestRun(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.VITEST) || env.NODE_ENV === 'test' || env.MARQUEE_FIRST_RUN_BROWSE === '0';
}

export function planStartup({ venueStoreExists, terminal, env }: StartupFacts): StartupPlan {
  // Whoever set MARQUEE_DATA_DIR or MARQUEE_HOST (a service, a test, a power user) means "host".
  if (env.MARQUEE_DATA_DIR || env.MARQUEE_HOST) return { kind: 'host' };
  // A store wins over a stale terminal file: the venue's sales must never be hidden behind a join.
  if (venueStoreExists) return { kind: 'host' };
  if (terminal) return { kind: 'terminal', config: terminal };
  return { kind: 'ask', browse: !isTestRun(env) && env.MARQUEE_MDNS !== '0' };
}

export function hasVenueStore(dataDir: string): boolean {
  return existsSync(join(dataDir, 'marquee.db'));
}

/** A venue server found on this network that a till can join. */
export interface VenueChoice {
  venue: string;
  baseUrl: string;
  fingerprint: string;
}

/**
 * Only servers that speak API v2 over HTTPS with an advertised certificate fingerprint can be
 * joined safely; one server seen on several addresses is offered once.
 */
export function venueChoices(found: readonly DiscoveredServer[]): VenueChoice[] {
  const byFingerprint = new Map<string, VenueChoice>();
  for (const server of found) {
    if (server.version !== '2' || !server.baseUrl || !server.fingerprint) continue;
    if (byFingerprint.has(server.fingerprint)) continue;
    byFingerprint.set(server.fingerprint, {
      venue: server.venue || server.name,
      baseUrl: server.baseUrl,
      fingerprint: server.fingerprint,
    });
  }
  return [...byFingerprint.values()].sort((a, b) => a.venue.localeCompare(b.venue));
}

/** What the first-run screen sends when staff choose to join. */
export interface JoinRequest {
  /** The pairing QR's text (`marquee://pair?…`), or the bare `pair_…` token. */
  code: string;
  /** A server found on the network (its baseUrl), when staff picked one. */
  venueUrl?: string;
  /** Typed by hand when mDNS found nothing: address and fingerprint as shown under the QR. */
  url?: string;
  fingerprint?: string;
  /** How this till is listed on the host (Settings → devices). */
  name?: string;
}

export interface JoinTarget {
  url: string;
  fingerprint: string | null;
  token: string;
  venue: string | null;
  name: string;
}

/** A refusal worded for the person at the till; the first-run screen shows the message as is. */
export class FirstRunError extends Error {
  override readonly name = 'FirstRunError';
}

/** `192.168.1.20:4380` typed by hand means HTTPS: the LAN listener never serves plain HTTP. */
export function normalizeServerUrl(text: string): string {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new FirstRunError(`"${trimmed}" is not a server address; it looks like https://192.168.1.20:4380.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new FirstRunError(`"${trimmed}" is not an http(s) address.`);
  return url.origin;
}

export function defaultTillName(hostname: string): string {
  return `Till on ${hostname}`.slice(0, 100);
}

/**
 * Works out where to pair and which certificate to pin from the pairing code, the venue picked
 * from the network, or what was typed, and refuses combinations that would send the key to the
 * wrong place: two different fingerprints, HTTPS without a fingerprint, plain HTTP off this machine.
 */
export function joinTarget(
  request: JoinRequest,
  choices: readonly VenueChoice[],
  hostname: string,
): JoinTarget {
  let code: ReturnType<typeof parsePairingCode>;
  try {
    code = parsePairingCode(request.code ?? '');
  } catch (err) {
    if (isScannerError(err))
      throw new FirstRunError(
        'That is not a pairing code. On the host, open Settings → "Pair a door device or till", choose ' +
          '"Another till", and paste the code shown under the QR (or the pair_… token).',
      );
    throw err;
  }
  const picked = request.venueUrl ? choices.find((c) => c.baseUrl === request.venueUrl) : undefined;
  if (request.venueUrl && !picked)
    throw new FirstRunError('That venue is no longer on the list; search the network again.');
  const typedFingerprint = request.fingerprint?.trim() ? normalizeFingerprint(request.fingerprint) : null;
  if (request.fingerprint?.trim() && !typedFingerprint)
    throw new FirstRunError('The certificate fingerprint should be 64 hex digits (colons allowed).');

  const fingerprints = [code.fingerprint, picked?.fingerprint ?? null, typedFingerprint].filter(
    (fp): fp is string => fp !== null,
  );
  if (new Set(fingerprints).size > 1)
    throw new FirstRunError(
      'The pairing code belongs to a different venue server than the one chosen. Scan the code shown ' +
        'on that server, or pick the matching venue.',
    );
  const fingerprint = fingerprints[0] ?? null;

  const typedUrl = request.url?.trim() ? normalizeServerUrl(request.url) : null;
  const url = code.url ?? picked?.baseUrl ?? typedUrl;
  if (!url)
    throw new FirstRunError(
      'Which venue server? Pick one found on this network, or type its address as shown under the pairing QR.',
    );
  const parsed = new URL(url);
  if (parsed.protocol === 'https:' && !fingerprint)
    throw new FirstRunError(
      "An https address needs the server's certificate fingerprint (shown under the pairing QR) so this till " +
        'can tell it from an impostor.',
    );
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname))
    throw new FirstRunError(
      'Venue servers on the network use https; plain http works only for a server on this machine.',
    );
  const name = (request.name ?? '').trim() || defaultTillName(hostname);
  if (name.length > 100) throw new FirstRunError('The till name can be at most 100 characters.');
  return { url, fingerprint, token: code.token, venue: picked?.venue ?? null, name };
}
