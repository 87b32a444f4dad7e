/**
 * A fresh Idempotency-Key for one sale. getRandomValues works in every context (randomUUID needs a
 * secure one, and a till on the LAN may reach the server over plain HTTP on loopback only).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `till_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
