/**
 * Check letters for a pairing code typed by hand (docs/scanner.md "Typed codes and the LAN").
 *
 * A door that is given only the bare `pair_…` token learns the server's address and certificate
 * fingerprint from mDNS, which anyone on the venue LAN can answer. The box office therefore shows
 * the token followed by six check letters: the first 30 bits of HMAC-SHA-256 keyed with the token
 * over the certificate fingerprint it serves. Before the door sends the token anywhere it works
 * the letters out again for the certificate it was offered; an impostor does not know the token
 * (it is only on the box office screen), so it cannot pick a certificate that matches.
 *
 * Pure JavaScript (noble) so the renderer, the browser door page and the Node door compute the
 * same letters; the server stays out of it, so the /v2 pairing answer is unchanged.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** Crockford base32: no I, L, O or U, so nothing a steward reads can be mistaken for another. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const pairingCheckLength = 6;
/** Between the token and its check letters; not in the token's alphabet, easy to type. */
export const pairingCheckSeparator = '.';

const encoder = new TextEncoder();

/** Lower-case hex of a fingerprint in Node's `AB:CD:…` spelling or bare hex; '' for none (plain HTTP). */
const canonical = (fingerprint: string | null): string => (fingerprint ?? '').replace(/:/g, '').toLowerCase();

/** The six check letters for this token served behind this certificate. */
export function pairingCheck(token: string, fingerprint: string | null): string {
  const mac = hmac(
    sha256,
    encoder.encode(token),
    encoder.encode(`marquee pairing check v1\n${canonical(fingerprint)}`),
  );
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of mac) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < pairingCheckLength) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === pairingCheckLength) break;
  }
  return out;
}

/** What the box office shows a door without a camera: `pair_….K7QM9T`. */
export function typedPairingCode(token: string, fingerprint: string | null): string {
  return `${token}${pairingCheckSeparator}${pairingCheck(token, fingerprint)}`;
}

/**
 * Check letters as a person typed them, in the canonical spelling: case, spaces and dashes do not
 * matter, and O, I and L are read as 0, 1 and 1. Null when they cannot be check letters.
 */
export function normalizePairingCheck(text: string): string | null {
  const letters = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (letters.length !== pairingCheckLength) return null;
  return [...letters].every((c) => alphabet.includes(c)) ? letters : null;
}
