import { backoffDelay, type BackoffOptions } from './backoff.js';

/**
 * One live connection (a scan feed) kept open until `signal` aborts: connect, and when it ends,
 * wait a backoff that grows with each attempt since the last good connection, then connect again.
 * The door SDK's feed follower and the monitor's feed both run on it; what a connection is (a
 * fetch stream with the device's key, an EventSource with a fresh stream token) is theirs.
 * Callbacks, not promises, so a drop is reported in the same turn it happens.
 */
export interface ReconnectLoopOptions {
  signal: AbortSignal;
  /**
   * Starts one connection. It calls `opened()` once it is up (the attempt count starts again)
   * and `ended(error?)` once when it is over: no error if the far side closed it.
   */
  connect(connection: { opened(): void; ended(error?: unknown): void }): void;
  /** An error after which trying again is pointless (a revoked key): `done` rejects with it. */
  isFatal?(error: unknown): boolean;
  /** About to wait `delayMs` before attempt `attempt`; `error` is why the last one ended, if it failed. */
  onWait?(attempt: number, delayMs: number, error: unknown): void;
  /** Backoff options (shared/backoff.ts), or the wait before attempt n (it can be capped by the server). */
  backoff?: BackoffOptions | ((attempt: number) => number);
}

export interface ReconnectLoop {
  /** Settles when the signal aborts (resolves) or a fatal error ends the loop (rejects). */
  done: Promise<void>;
  /** Skips the rest of the current wait (a "Reconnect now" button); nothing while connected. */
  wake(): void;
}

export function reconnectLoop(options: ReconnectLoopOptions): ReconnectLoop {
  const { signal } = options;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let settle!: { resolve(): void; reject(error: unknown): void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const delayFor = (n: number) =>
    typeof options.backoff === 'function' ? options.backoff(n) : backoffDelay(n, options.backoff);

  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    settle.resolve();
  };

  function connect(): void {
    timer = null;
    let over = false;
    options.connect({
      opened: () => {
        if (!over) attempt = 0;
      },
      ended: (...why: unknown[]) => {
        if (over || signal.aborted) return;
        over = true;
        const error = why[0];
        if (why.length > 0 && options.isFatal?.(error)) {
          signal.removeEventListener('abort', stop);
          settle.reject(error);
          return;
        }
        attempt++;
        const delay = delayFor(attempt);
        options.onWait?.(attempt, delay, error);
        timer = setTimeout(connect, delay);
      },
    });
  }

  if (signal.aborted) settle.resolve();
  else {
    signal.addEventListener('abort', stop, { once: true });
    connect();
  }
  return {
    done,
    wake: () => {
      if (timer === null || signal.aborted) return;
      clearTimeout(timer);
      connect();
    },
  };
}
