import { isIPv6 } from 'node:net';

/** The 16 bytes of an IPv6 address (a zone id such as `%eth0` dropped), or null when it is none. */
export function ipv6Bytes(address: string): Uint8Array | null {
  const text = address.replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  const groups: number[] = [];
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  groups.push(...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back);
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

/** One IPv4 address an IPv6 address carries, and the mechanism that carries it. */
export interface EmbeddedIpv4 {
  ipv4: string;
  form: string;
}

const dotted = (bytes: ArrayLike<number>): string => Array.from(bytes).join('.');
const at = (bytes: Uint8Array, offsets: readonly number[]): string => dotted(offsets.map((i) => bytes[i]!));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  prefix.every((byte, i) => bytes[i] === byte);
const low32 = [12, 13, 14, 15] as const;

/**
 * Where RFC 6052 puts the IPv4 address for each prefix length of a network-specific NAT64 prefix
 * (byte 8 is always skipped). The local-use prefix 64:ff9b:1::/48 (RFC 8215) may be cut at any
 * of these lengths, so every position is judged.
 */
const nat64Positions = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
  [12, 13, 14, 15],
] as const;

/**
 * The IPv4 addresses traffic to this IPv6 address may end up at, through the transition
 * mechanisms that embed one: IPv4-mapped (`::ffff:a.b.c.d`, RFC 4291), IPv4-translated
 * (`::ffff:0:a.b.c.d`, RFC 2765), IPv4-compatible (`::a.b.c.d`, deprecated but still routed by
 * some stacks), NAT64 (`64:ff9b::/96` RFC 6052, `64:ff9b:1::/48` RFC 8215), 6to4 (`2002::/16`,
 * RFC 3056), Teredo (`2001::/32`, RFC 4380: server and obfuscated client) and ISATAP interface
 * ids (RFC 5214). Empty for anything else, an IPv4 address included.
 */
export function embeddedIpv4(address: string): EmbeddedIpv4[] {
  const bytes = ipv6Bytes(address);
  if (!bytes) return [];
  const found: EmbeddedIpv4[] = [];
  const zeros = (count: number) => bytes.subarray(0, count).every((byte) => byte === 0);
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff)
    found.push({ ipv4: at(bytes, low32), form: 'IPv4-mapped' });
  else if (zeros(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    found.push({ ipv4: at(bytes, low32), form: 'IPv4-translated' });
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  else if (zeros(12) && !zeros(15)) found.push({ ipv4: at(bytes, low32), form: 'IPv4-compatible' });
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b]) && bytes.subarray(4, 12).every((byte) => byte === 0))
    found.push({ ipv4: at(bytes, low32), form: 'NAT64' });
  else if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01]))
    for (const positions of nat64Positions) found.push({ ipv4: at(bytes, positions), form: 'NAT64' });
  if (startsWith(bytes, [0x20, 0x02])) found.push({ ipv4: at(bytes, [2, 3, 4, 5]), form: '6to4' });
  if (startsWith(bytes, [0x20, 0x01, 0x00, 0x00])) {
    found.push({ ipv4: at(bytes, [4, 5, 6, 7]), form: 'Teredo server' });
    found.push({ ipv4: dotted(Array.from(bytes.subarray(12, 16), (b) => b ^ 0xff)), form: 'Teredo client' });
  }
  if (
    (bytes[8] === 0x00 || bytes[8] === 0x02) &&
    bytes[9] === 0x00 &&
    bytes[10] === 0x5e &&
    bytes[11] === 0xfe
  )
    found.push({ ipv4: at(bytes, low32), form: 'ISATAP' });
  return found;
}
