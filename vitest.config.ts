import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Child processes, not worker threads: better-sqlite3 is a native addon and servers bind ports.
    pool: 'forks',
    // Most tests wait on SQLite files and sockets rather than the CPU, so even a 2-core machine
    // gains from two workers (vitest's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
