import { randomBytes } from 'node:crypto';

/** Prefixes from CONTRACT.md "Conventions"; one place so a typo cannot mint an unknown kind. */
export const idPrefix = {
  event: 'evt',
  tier: 'tkt',
  ticket: 'tik',
  order: 'ord',
  attendee: 'atd',
  payout: 'pay',
  scan: 'scn',
  apiKey: 'key',
  device: 'dev',
  webhookEndpoint: 'we',
  webhookMessage: 'msg',
  delivery: 'dlv',
  refund: 'ref',
  mail: 'mail',
} as const;

export type IdKind = keyof typeof idPrefix;

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text from random bytes; rejection sampling keeps every character equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += alphabet[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** 20 base62 characters ≈ 119 bits: unguessable, so ids may appear in URLs. */
/** Milliseconds since the epoch as 8 base62 digits, so ids sort by creation time. */
function timePrefix(ms: number): string {
  let out = '';
  let rest = Math.floor(ms);
  for (let i = 0; i < 8; i++) {
    out = alphabet[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/**
 * 8 characters of creation time then 12 random ones (71 bits): still unguessable, so ids may
 * appear in URLs, but new ids land at the right edge of their unique index instead of at a
 * random page, so a checkout dirties fewer index pages per commit.
 */
export function newId(kind: IdKind): string {
  return `${idPrefix[kind]}_${timePrefix(Date.now())}${randomBase62(12)}`;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${idPrefix[kind]}_`);
}
