import { uptime } from 'node:os';

/**
 * A clock no one sets that keeps counting while the machine sleeps, in ms. On Linux `os.uptime()`
 * is the boot-time clock (suspend included, 10 ms steps), so a door laptop closed for an hour
 * still knows the server's time when it wakes. Elsewhere `performance.now()`, which stops during
 * a suspend: the estimate then lags until the next answer measures the server's time again.
 */
export function sleepProofMonotonicNow(platform: NodeJS.Platform = process.platform): () => number {
  if (platform === 'linux') return () => uptime() * 1000;
  return () => performance.now();
}
