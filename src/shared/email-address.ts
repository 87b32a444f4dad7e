/**
 * The email addresses the server accepts: its `email` format is this check (http/validators.ts),
 * at most 254 characters (schemas/email.ts). A screen that must refuse an address before money
 * moves (the kiosk charges the card before the order is recorded) checks it with this too, so the
 * two cannot disagree.
 */
export const emailMaxLength = 254;

const emailFormat =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * What an internationalised domain may hold before conversion: letters, digits and marks of any
 * script, dots and hyphens. Anything else (a URL's `/:?#`, a space, an invisible zero-width
 * character the URL parser would silently drop) is not part of a domain.
 */
const domainCharacters = /^[\p{L}\p{N}\p{M}.-]+$/u;
const ascii = /^[\x20-\x7e]*$/;

/**
 * The ASCII (punycode) form of a domain, so an internationalised one (`müller.de`) is checked as
 * mail servers see it (`xn--mller-kva.de`, which the mailer sends to); null when it is not a
 * domain. The WHATWG URL parser does the IDNA conversion, in Node and in the browser alike.
 */
export function asciiDomain(domain: string): string | null {
  if (ascii.test(domain)) return domain;
  if (!domainCharacters.test(domain)) return null;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return ascii.test(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * The part before the @ in any script (RFC 6531: `jörg@…`): letters, digits and marks of any
 * language with the ASCII specials, dot-separated. The mailer sends such an address with SMTPUTF8
 * where the mail server offers it; one that does not refuses it, and the till shows that refusal.
 */
const unicodeLocalPart =
  /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u;

/** RFC 5321 4.5.3.1.1: mail servers may refuse a longer part before the @ (octets, so UTF-8 bytes). */
export const localPartMaxBytes = 64;

/** RFC 1035 2.3.4: a domain's label (between dots) holds at most 63 octets. */
export const domainLabelMaxLength = 63;

/** Bytes in UTF-8, counted by code point: no TextEncoder, so this module runs anywhere. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** An address the venue can mail: `ada@example.com`, `ada@müller.de`, `jörg@müller.de`. */
export function isEmailAddress(text: string): boolean {
  if (text.length > emailMaxLength) return false;
  const at = text.lastIndexOf('@');
  if (at < 1) return false;
  const domain = asciiDomain(text.slice(at + 1));
  if (domain === null) return false;
  const local = text.slice(0, at);
  const localBytes = utf8Bytes(local);
  if (localBytes > localPartMaxBytes) return false;
  // As mail servers see it: no label over 63 octets (RFC 1035), and the whole address, domain in
  // punycode (which can be far longer than the typed one), within 254 (RFC 5321's path limit).
  if (domain.split('.').some((label) => label.length > domainLabelMaxLength)) return false;
  if (localBytes + 1 + domain.length > emailMaxLength) return false;
  if (ascii.test(local)) return emailFormat.test(`${local}@${domain}`);
  return unicodeLocalPart.test(local) && emailFormat.test(`x@${domain}`);
}

/**
 * The address as mail servers want it in the envelope: the domain in its ASCII (punycode) form,
 * so an address at `müller.de` needs no SMTPUTF8 from the relay. The part before the @ stays as
 * typed (one in another script does need SMTPUTF8, which the mailer asks for where offered).
 */
export function envelopeAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at < 1 ? null : asciiDomain(address.slice(at + 1));
  return domain === null ? address : `${address.slice(0, at + 1)}${domain}`;
}
