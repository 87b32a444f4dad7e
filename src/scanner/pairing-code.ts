/**
 * Reads what a door scans from the venue screen's pairing QR: `marquee://pair?url=…&fp=…&token=…`
 * (docs/api.md "Scanning"). A bare `pair_…` token is accepted too when the server URL (and,
 * for HTTPS, the fingerprint) comes from elsewhere: a flag, or mDNS. Browser-safe.
 */
import { ScannerError } from './errors.js';
import { normalizeFingerprint } from './fingerprint.js';

export interface PairingCode {
  token: string;
  /** Server origin; null when only a bare token was given. */
  url: string | null;
  /** Lower-case hex SHA-256 of the server certificate; null when the code carried none. */
  fingerprint: string | null;
}

const tokenPattern = /^pair_[A-Za-z0-9_-]{16,}$/;

export function parsePairingCode(text: string): PairingCode {
  const input = text.trim();
  if (tokenPattern.test(input)) return { token: input, url: null, fingerprint: null };
  let uri: URL;
  try {
    uri = new URL(input);
  } catch {
    throw new ScannerError(
      'bad_pairing_code',
      'not a pairing code: expected marquee://pair?… or a pair_… token',
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
