/**
 * Reads what a door scans from the venue screen's pairing QR: `marquee://pair?url=…&fp=…&token=…`
 * (docs/api.md "Scanning"). A bare `pair_…` token is accepted too when the server URL (and,
 * for HTTPS, the fingerprint) comes from elsewhere: a flag, or mDNS. Typed by hand it carries six
 * check letters after a dot (`pair_….K7QM9T`, src/shared/pairing-check.ts) that tie it to the
 * certificate of the server that made it. Browser-safe.
 */
import { normalizePairingCheck, pairingCheck, pairingCheckSeparator } from '../shared/pairing-check.js';
import { ScannerError } from './errors.js';
import { displayFingerprint, normalizeFingerprint } from './fingerprint.js';

export interface PairingCode {
  token: string;
  /** Server origin; null when only a bare token was given. */
  url: string | null;
  /** Lower-case hex SHA-256 of the server certificate; null when the code carried none. */
  fingerprint: string | null;
  /**
   * The check letters typed after the token (canonical spelling); absent when none were given.
   * They must match the certificate the door is about to pin (`assertCodeFitsServer`).
   */
  check?: string;
}

const tokenPattern = /^pair_[A-Za-z0-9_-]{16,}$/;

/** A bare token, with or without check letters after the dot. */
function parseTypedCode(input: string): PairingCode | null {
  const at = input.indexOf(pairingCheckSeparator);
  const token = at < 0 ? input : input.slice(0, at);
  if (!tokenPattern.test(token)) return null;
  if (at < 0) return { token, url: null, fingerprint: null };
  const check = normalizePairingCheck(input.slice(at + 1));
  if (!check)
    throw new ScannerError(
      'bad_pairing_code',
      'the letters after the dot are not the code’s six check letters: type the whole code as the box office shows it',
    );
  return { token, url: null, fingerprint: null, check };
}

/** True when `fingerprint` is the certificate the server that made this typed code serves. */
export function codeFitsFingerprint(code: PairingCode, fingerprint: string | null): boolean {
  return code.check === undefined || pairingCheck(code.token, fingerprint) === code.check;
}

/**
 * Refuses, before the token goes anywhere, a server whose certificate is not the one the typed
 * code was made behind: someone else on the network answering for the box office, or a typo.
 */
export function assertCodeFitsServer(code: PairingCode, url: string, fingerprint: string | null): void {
  if (codeFitsFingerprint(code, fingerprint)) return;
  const certificate = fingerprint ? `, certificate ${displayFingerprint(fingerprint).slice(0, 23)}…` : '';
  throw wrongServer(`The server that answered on this network (${url}${certificate}) is`);
}

/** The refusal in a steward's words; `who` names what answered, e.g. "None of the 2 servers … is". */
export function wrongServer(who: string): ScannerError {
  return new ScannerError(
    'wrong_server',
    `${who} not the box office that made this code, so the code was not sent. Check the code is ` +
      'typed exactly as the box office shows it, or scan the QR instead. If it happens again, tell the ' +
      'manager: another device on the network may be pretending to be the box office.',
  );
}

export function parsePairingCode(text: string): PairingCode {
  const input = text.trim();
  const typed = parseTypedCode(input);
  if (typed) return typed;
  let uri: URL;
  try {
    uri = new URL(input);
  } catch {
    throw new ScannerError(
      'bad_pairing_code',
      'not a pairing code: expected marquee://pair?… or pair_….XXXXXX (the code with its check letters)',
    );
  }
  // marquee://pair?… parses with host "pair"; marquee:pair?… with pathname "pair".
  const isPairLink =
    uri.protocol === 'marquee:' && (uri.host === 'pair' || uri.pathname.replace(/^\/+/, '') === 'pair');
  if (!isPairLink)
    throw new ScannerError('bad_pairing_code', `not a Marquee pairing link: ${uri.protocol}//${uri.host}`);
  const token = uri.searchParams.get('token') ?? '';
  if (!tokenPattern.test(token))
    throw new ScannerError('bad_pairing_code', 'the pairing link has no valid token');
  const url = uri.searchParams.get('url');
  let origin: string | null = null;
  if (url) {
    try {
      origin = new URL(url).origin;
    } catch {
      throw new ScannerError('bad_pairing_code', `the pairing link's server URL is not a URL: ${url}`);
    }
  }
  const fp = uri.searchParams.get('fp');
  const fingerprint = fp ? normalizeFingerprint(fp) : null;
  if (fp && !fingerprint)
    throw new ScannerError('bad_pairing_code', `the pairing link's fingerprint is not a SHA-256: ${fp}`);
  return { token, url: origin, fingerprint };
}
