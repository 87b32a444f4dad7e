/**
 * Certificate fingerprints arrive in several spellings (Node's `AB:CD:…`, bare hex, a
 * `sha256:` prefix, base64url in a QR). Everything is compared as lower-case hex of the
 * 32-byte SHA-256 digest.
 */
import { base64UrlToBytes } from '../shared/ticket-token.js';

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Lower-case hex, or null when the text is not a SHA-256 fingerprint in any known spelling. */
export function normalizeFingerprint(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const bare = text.trim().replace(/^sha-?256[:=/]/i, '');
  const hex = bare.replace(/:/g, '').toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) return hex;
  if (/^[A-Za-z0-9_+/-]{43}=?$/.test(bare)) {
    try {
      const bytes = base64UrlToBytes(bare.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
      if (bytes.length === 32) return toHex(bytes);
    } catch {
      return null;
    }
  }
  return null;
}

/** Node's display form, for messages a person compares with the venue screen. */
export function displayFingerprint(hex: string): string {
  return (hex.toUpperCase().match(/.{2}/g) ?? []).join(':');
}
