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
