import { randomFillSync } from 'node:crypto';

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
  staff: 'stf',
  shift: 'shf',
  auditEvent: 'aud',
} as const;

export type IdKind = keyof typeof idPrefix;

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes drawn from a 4 KiB buffer refilled from the CSPRNG when used up: a checkout mints
 * five ids and a wallet secret, and one OpenSSL call per id was ~5 % of its CPU. The bytes are
 * the same CSPRNG output either way (node's randomUUID caches the same way); the buffer never
 * leaves this module and every byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** Base62 text from random bytes; rejection sampling keeps every character equally likely. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += alphabet[byte % 62];
  }
  return out;
}

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

let prefixMs = NaN;
let prefix = '';

/** A checkout mints its ids within the same millisecond: the digits are worked out once for it. */
function currentTimePrefix(): string {
  const ms = Date.now();
  if (ms !== prefixMs) {
    prefix = timePrefix(ms);
    prefixMs = ms;
  }
  return prefix;
}

/**
 * Creation time as 8 base62 characters, then `randomChars` random ones. The time part lets new
 * values land at the right edge of their unique index instead of at a random page, so a
 * checkout's commit writes fewer index pages to the WAL; the random part keeps them unguessable.
 */
export function timeOrderedRandom(randomChars: number): string {
  return `${currentTimePrefix()}${randomBase62(randomChars)}`;
}

/** 8 characters of creation time then 12 random ones (71 bits): unguessable, so ids may appear in URLs. */
export function newId(kind: IdKind): string {
  return `${idPrefix[kind]}_${timeOrderedRandom(12)}`;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${idPrefix[kind]}_`);
}
