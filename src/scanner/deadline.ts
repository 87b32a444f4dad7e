/**
 * The door's patience: an answer inside the deadline is used, anything later is not waited for.
 * The promise keeps running, so a late answer can still be reconciled once it lands.
 */
export type Raced<T> =
  | { kind: 'answer'; value: T; ms: number }
  | { kind: 'failed'; error: unknown; ms: number }
  | { kind: 'late'; ms: number };

export function raceDeadline<T>(
  work: Promise<T>,
  deadlineMs: number,
  clock: () => number = () => performance.now(),
): Promise<Raced<T>> {
  const started = clock();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'late', ms: clock() - started }), deadlineMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: 'answer', value, ms: clock() - started });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'failed', error, ms: clock() - started });
      },
    );
  });
}

/**
 * The online deadlines a door accepts, wherever one is set (the CLI's --deadline, the door page's
 * stored setting): long enough to reach a server at all, short enough that a queue still moves.
 */
export const deadlineRangeMs = { min: 50, max: 60_000 } as const;

export const isDeadlineMs = (ms: number): boolean =>
  Number.isInteger(ms) && ms >= deadlineRangeMs.min && ms <= deadlineRangeMs.max;
