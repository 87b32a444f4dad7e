/**
 * Runs async attempts one after another per key. PIN checks need it: hashing a guess takes tens
 * of milliseconds, so a burst of guesses sent together would all pass a lockout check before the
 * first had been found wrong. Chained per key, each guess sees the count the one before it left.
 */
export class OneAtATime {
  /** The last attempt queued per key; dropped once nothing waits behind it. */
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const run = before.then(attempt, attempt);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
