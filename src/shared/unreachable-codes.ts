/**
 * Node's errno codes that mean "the other side could not be reached at all": no answer came, so
 * nothing was decided there. One list for every client of ours (webhook deliveries, the SMTP
 * sender, the door SDK), because each treats that case the same way: the venue or the far side
 * is offline, the try is not counted as a failure, and it is tried again soon.
 * test/unit/shared/unreachable-codes.test.ts says why each code belongs here.
 */
export const unreachableCodes = [
  // The name did not resolve (no DNS server, no network, or the name does not exist yet).
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  // No route to the host or its network, or the interface is down.
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  // The local address the socket would use is gone (Wi-Fi dropped, DHCP lease lost).
  'EADDRNOTAVAIL',
  // Nobody listens there, or the connection died before an answer.
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  // The connection was never made in time.
  'ETIMEDOUT',
] as const;

export type UnreachableCode = (typeof unreachableCodes)[number];

const known: ReadonlySet<string> = new Set(unreachableCodes);

export function isUnreachableCode(code: unknown): code is UnreachableCode {
  return typeof code === 'string' && known.has(code);
}
