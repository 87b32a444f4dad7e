/**
 * The ticket token format of CONTRACT.md "Ticket tokens", shared by the server (signs and
 * verifies with node:crypto) and door devices (verify with @noble/ed25519). The same reader takes
 * both forms a ticket is shown in ("Ticket credentials"): the 5-minute rotating code and the paper
 * pass (ticket-pass.ts), which differ only in `typ` and in how long they live.
 */
import { passTyp } from './ticket-pass.js';

export const tokenLifetimeSeconds = 300;
/** Validators accept a token from iat − 30 s to exp + 30 s, to absorb clock drift between devices. */
export const tokenSkewSeconds = 30;
/** A cached token with less than this left is replaced by a fresh one. */
export const tokenRefreshBelowSeconds = 240;

export const rotatingTyp = 'ticket+jwt';

/** Which form a ticket was shown in: the rotating code (a phone) or the paper pass. */
export const credentialKinds = ['rotating', 'paper'] as const;
export type Credential = (typeof credentialKinds)[number];

export interface TicketTokenHeader {
  alg: 'EdDSA';
  typ: typeof rotatingTyp | typeof passTyp;
  kid: string;
}

export interface TicketTokenClaims {
  sub: string;
  evt: string;
  tier: string;
  iat: number;
  exp: number;
}

export interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg?: 'EdDSA';
  use?: 'sig';
}

export type TokenRejection = 'malformed' | 'invalid_signature' | 'expired' | 'not_yet_valid';

export interface ParsedToken {
  header: TicketTokenHeader;
  claims: TicketTokenClaims;
  signingInput: string;
  signature: Uint8Array;
  credential: Credential;
}

const b64urlPattern = /^[A-Za-z0-9_-]+$/;

const utf8 = new TextDecoder();

function decodeSegment(segment: string): unknown {
  return JSON.parse(utf8.decode(base64UrlToBytes(segment)));
}

/** What atob takes once `-_` are mapped: checked first, as Buffer would skip anything else. */
const base64Text = /^[A-Za-z0-9_+/-]*={0,2}$/;

/** Node's Buffer when present (server, CLI): native decoding, ~2 µs less per online scan. */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64url'): Uint8Array } })
  .Buffer;

export function base64UrlToBytes(text: string): Uint8Array {
  // atob refuses a length of 4n+1 (no whole byte in the last group); Buffer would not, so the
  // same input is refused the same way on both paths.
  if (text.length % 4 === 1 || !base64Text.test(text)) throw new Error('not base64url');
  if (nodeBuffer) return nodeBuffer.from(text, 'base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isId = (value: unknown, prefix: string): value is string =>
  typeof value === 'string' && value.startsWith(`${prefix}_`) && value.length <= 80;

/**
 * The credential a token claims to be, from its `typ`, in its first segment: `paper` for a pass,
 * else `rotating`. Scan records name the form even of a token that is refused as malformed; one
 * whose header cannot be read at all counts as `rotating`, the form a phone shows.
 */
function typOf(claimed: unknown): Credential | null {
  if (claimed === rotatingTyp) return 'rotating';
  if (claimed === passTyp) return 'paper';
  return null;
}

export function presentedCredential(token: string): Credential {
  if (typeof token !== 'string' || token.length > 2048) return 'rotating';
  const end = token.indexOf('.');
  try {
    const header = decodeSegment(end < 0 ? token : token.slice(0, end)) as { typ?: unknown } | null;
    return typOf(header?.typ) ?? 'rotating';
  } catch {
    return 'rotating';
  }
}

/**
 * Splits and checks the shape of a rotating code or a paper pass; null when it is neither.
 * A rotating code lives exactly 300 s; a pass until its exp, which its event sets (a pass issued
 * after that is simply expired: the window check says so).
 */
export function parseCredential(token: string): ParsedToken | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => b64urlPattern.test(part))) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = decodeSegment(h) as Partial<TicketTokenHeader>;
    const claims = decodeSegment(p) as Partial<TicketTokenClaims>;
    const credential = typOf(header.typ);
    if (header.alg !== 'EdDSA' || credential === null || typeof header.kid !== 'string') return null;
    if (!isId(claims.sub, 'tik') || !isId(claims.evt, 'evt') || !isId(claims.tier, 'tkt')) return null;
    if (!Number.isInteger(claims.iat)) return null;
    const iat = claims.iat as number;
    if (credential === 'rotating' ? claims.exp !== iat + tokenLifetimeSeconds : !Number.isInteger(claims.exp))
      return null;
    // A header naming extensions that must be understood (RFC 7515 "crit"): none are, here.
    if ('crit' in header) return null;
    const signature = base64UrlToBytes(s);
    if (signature.length !== 64) return null;
    return {
      header: header as TicketTokenHeader,
      claims: claims as TicketTokenClaims,
      signingInput: `${h}.${p}`,
      signature,
      credential,
    };
  } catch {
    return null;
  }
}

/** A rotating code only (the wallet, the till's search); null for a pass or anything else. */
export function parseTicketToken(token: string): ParsedToken | null {
  const parsed = parseCredential(token);
  return parsed?.credential === 'rotating' ? parsed : null;
}

/**
 * The time window check every validator applies, at the moment of the scan (ms since the
 * epoch): valid from iat − 30 s to exp + 30 s inclusive, to the millisecond. Comparing whole
 * seconds let a scan up to 999 ms past exp + 30 s through.
 */
export function windowRejection(claims: TicketTokenClaims, atMs: number): TokenRejection | null {
  if (atMs < (claims.iat - tokenSkewSeconds) * 1000) return 'not_yet_valid';
  if (atMs > (claims.exp + tokenSkewSeconds) * 1000) return 'expired';
  return null;
}
