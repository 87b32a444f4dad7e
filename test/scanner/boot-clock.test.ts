import { uptime } from 'node:os';
import { describe, expect, it } from 'vitest';
import { sleepProofMonotonicNow } from '../../src/scanner/boot-clock.js';

describe('the Node door’s monotonic clock', () => {
  it('on Linux is the boot-time clock (counts through a suspend), in ms', () => {
    const clock = sleepProofMonotonicNow('linux');
    const before = uptime() * 1000;
    const read = clock();
    // The boot-time clock, not performance.now (which starts at this process's start).
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read - before).toBeLessThan(5_000);
    expect(clock()).toBeGreaterThanOrEqual(read);
  });

  it('elsewhere is performance.now', () => {
    const clock = sleepProofMonotonicNow('darwin');
    const before = performance.now();
    const read = clock();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read - before).toBeLessThan(5_000);
    expect(read).toBeLessThan(uptime() * 1000);
  });
});
