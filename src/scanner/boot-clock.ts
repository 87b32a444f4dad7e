import { uptime } from 'node:os';
import { bootId } from '../shared/boot-id.js';

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

/**
 * Names the run of sleepProofMonotonicNow's clock, so a reading kept by one process is used by
 * another only on the same clock: on Linux the boot (the boot-time clock is shared by every
 * process and restarts at boot); elsewhere null, as `performance.now()` starts again with each process.
 */
export function sleepProofClockRun(platform: NodeJS.Platform = process.platform): string | null {
  return platform === 'linux' ? bootId() : null;
}
