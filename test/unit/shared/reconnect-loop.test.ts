import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectLoop } from '../../../src/shared/reconnect-loop.js';

interface Attempt {
  opened(): void;
  ended(error?: unknown): void;
}

describe('reconnectLoop', () => {
  let attempts: Attempt[];
  let waits: [number, number, unknown][];
  beforeEach(() => {
    vi.useFakeTimers();
    attempts = [];
    waits = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = (stopper: AbortController, isFatal?: (error: unknown) => boolean) =>
    reconnectLoop({
      signal: stopper.signal,
      backoff: (attempt) => 100 * 2 ** (attempt - 1),
      connect: (attempt) => attempts.push(attempt),
      onWait: (attempt, delay, error) => waits.push([attempt, delay, error]),
      isFatal,
    });

  it('connects at once, and after a drop waits longer each time until a connection opens', async () => {
    const stopper = new AbortController();
    start(stopper);
    expect(attempts).toHaveLength(1);
    const refused = new Error('refused');
    attempts[0]!.ended(refused);
    // The drop is reported in the same turn: a status line can say "reconnecting" at once.
    expect(waits).toEqual([[1, 100, refused]]);
    await vi.advanceTimersByTimeAsync(99);
    expect(attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    attempts[1]!.ended(refused);
    await vi.advanceTimersByTimeAsync(200);
    expect(waits.map(([n, ms]) => [n, ms])).toEqual([
      [1, 100],
      [2, 200],
    ]);
    attempts[2]!.opened();
    attempts[2]!.ended();
    // Opened, then closed by the far side: the count starts again, with no error to report.
    expect(waits[2]).toEqual([1, 100, undefined]);
    stopper.abort();
  });

  it('"wake" skips the wait; a second end of the same connection is ignored', async () => {
    const stopper = new AbortController();
    const loop = start(stopper);
    attempts[0]!.ended(new Error('x'));
    attempts[0]!.ended(new Error('again'));
    expect(waits).toHaveLength(1);
    loop.wake();
    expect(attempts).toHaveLength(2);
    loop.wake(); // connected (or connecting): nothing to skip
    expect(attempts).toHaveLength(2);
    stopper.abort();
    await expect(loop.done).resolves.toBeUndefined();
  });

  it('stops when aborted, even in the middle of a wait', async () => {
    const stopper = new AbortController();
    const loop = start(stopper);
    attempts[0]!.ended(new Error('x'));
    stopper.abort();
    await expect(loop.done).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toHaveLength(1);
    attempts[0]!.ended(new Error('late'));
    expect(waits).toHaveLength(1);
  });

  it('gives up on a fatal error and rejects with it', async () => {
    const stopper = new AbortController();
    const revoked = new Error('revoked');
    const loop = start(stopper, (error) => error === revoked);
    attempts[0]!.ended(revoked);
    await expect(loop.done).rejects.toBe(revoked);
    expect(waits).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toHaveLength(1);
  });
});
