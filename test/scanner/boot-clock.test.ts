import { uptime } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sleepProofClockRun, sleepProofMonotonicNow } from '../../src/scanner/boot-clock.js';

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

  it('names its run: on Linux this boot (shared by every process), elsewhere none', () => {
    expect(sleepProofClockRun('linux')).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    expect(sleepProofClockRun('darwin')).toBeNull();
  });
});
