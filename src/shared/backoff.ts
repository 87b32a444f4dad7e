export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  /** ± this fraction, so monitors that lost the server together do not all knock at once. */
  jitter?: number;
  random?: () => number;
}

/**
 * Wait before reconnect attempt `attempt` (1, 2, 3…): by default 1 s, 2 s, 4 s, … up to 30 s, ±20 %.
 * `jitter: 0` gives the plain doubling (a door device, which reconnects alone).
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { baseMs = 1000, maxMs = 30_000, jitter = 0.2, random = Math.random } = options;
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const spread = plain * jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(Math.min(maxMs, plain + spread)));
}
