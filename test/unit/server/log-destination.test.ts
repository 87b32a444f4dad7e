import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedLogDestination } from '../../../src/server/logging/log-destination.js';

/** A Node stream whose reader takes nothing until `release()`: a stdout pipe nobody reads. */
function stalledOutput() {
  const received: string[] = [];
  let held: (() => void)[] = [];
  let stalled = true;
  const out = new Writable({
    // Below the bounds used here, as stdout's 16 KiB is below the default 1 MiB: writes past it ask for a drain.
    highWaterMark: 1024,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      received.push(chunk);
      if (stalled) held.push(callback);
      else callback();
    },
  });
  return {
    out,
    received,
    release() {
      stalled = false;
      for (const callback of held) callback();
      held = [];
    },
  };
}

const line = (n: number) => `${JSON.stringify({ level: 30, n, msg: 'x'.repeat(200) })}\n`;

describe('BoundedLogDestination', () => {
  it('passes lines through, scrubbed of secrets', () => {
    const { out, received, release } = stalledOutput();
    release();
    const destination = new BoundedLogDestination(out, 4096);
    destination.write(line(1));
    destination.write('{"url":"/w/0Pq7ZkLm3xYtR2vB9nC4dF6gH8jK1lM5nO7pQ9rS/strip"}\n');
    expect(received).toEqual([line(1), '{"url":"/w/[redacted]/strip"}\n']);
  });

  it('drops lines past its bound while the reader stalls, then says how many once it can write', async () => {
    const { out, received, release } = stalledOutput();
    const max = 8 * 1024;
    const destination = new BoundedLogDestination(out, max);
    for (let n = 0; n < 1000; n++) destination.write(line(n));
    // Never more than the bound (plus the line that crossed it) waits in memory.
    expect(out.writableLength).toBeLessThanOrEqual(max + line(0).length);
    const kept = 1000 - destination.droppedLines;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(100);

    const drained = new Promise((resolve) => out.once('drain', resolve));
    release();
    await drained;
    // The lines that were queued arrive in order, then the count of the others.
    expect(received.slice(0, kept)).toEqual(Array.from({ length: kept }, (_, n) => line(n)));
    expect(received).toHaveLength(kept + 1);
    const report = received.at(-1)!;
    expect(JSON.parse(report)).toMatchObject({
      level: 40,
      dropped: 1000 - kept,
      msg: `${1000 - kept} log lines dropped: the log output was not being read`,
    });
    expect(destination.droppedLines).toBe(0);
    destination.write(line(1000));
    expect(received.at(-1)).toBe(line(1000));
    // What it reports at shutdown: every line dropped, and how full the queue got at most.
    expect(destination.usage).toEqual({
      peakQueuedBytes: expect.any(Number),
      maxQueuedBytes: max,
      droppedInAll: 1000 - kept,
    });
    expect(destination.usage.peakQueuedBytes).toBeGreaterThan(max);
    expect(destination.usage.peakQueuedBytes).toBeLessThanOrEqual(max + line(0).length);
  });

  it('stops writing, without throwing, once the reader has gone (EPIPE)', () => {
    const { out, received, release } = stalledOutput();
    release();
    const destination = new BoundedLogDestination(out);
    destination.write(line(1));
    out.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(() => {
      for (let n = 0; n < 100; n++) destination.write(line(n));
    }).not.toThrow();
    expect(received).toEqual([line(1)]);
    expect(destination.droppedLines).toBe(100);
  });

  it('survives a stream that throws on write (a file on a full disk)', () => {
    const out = {
      writableLength: 0,
      writable: true,
      write(): boolean {
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
      on: () => out,
    };
    const destination = new BoundedLogDestination(out);
    expect(() => destination.write(line(1))).not.toThrow();
    expect(destination.droppedLines).toBe(1);
  });
});
