import type { Db } from '../src/server/store/db.js';

/**
 * Counts every run of every prepared statement of `db`, by its SQL, from now until `stop()`.
 * The count of statements a request runs does not move with the machine's load, so comparing
 * two commits this way says exactly which reads and writes a change added to a request, where
 * CPU time only says that something did. Wraps better-sqlite3's Statement methods (one prototype
 * shared by every statement, prepared before or after); for benches only.
 */
export function countStatements(db: Db): { counts: Map<string, number>; stop(): void } {
  const counts = new Map<string, number>();
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  const methods = ['run', 'get', 'all', 'iterate'] as const;
  const originals = methods.map((name) => proto[name] as (...args: unknown[]) => unknown);
  methods.forEach((name, index) => {
    const original = originals[index]!;
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      counts.set(this.source, (counts.get(this.source) ?? 0) + 1);
      return original.apply(this, args);
    };
  });
  return {
    counts,
    stop: () => methods.forEach((name, index) => (proto[name] = originals[index])),
  };
}

/** One line per statement: runs per request, then the SQL on one line. */
export function statementLines(counts: ReadonlyMap<string, number>, requests: number): string[] {
  return [...counts]
    .map(([sql, runs]) => `${(runs / requests).toFixed(2).padStart(7)}  ${sql.replace(/\s+/g, ' ').trim()}`)
    .sort((a, b) => a.slice(9).localeCompare(b.slice(9)));
}
