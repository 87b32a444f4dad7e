import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The node client's examples import the package by its name, as an integrator's code does.
    alias: { '@marquee/client': fileURLToPath(new URL('clients/node/src/index.ts', import.meta.url)) },
  },
  test: {
    // The node client package's own tests (clients/node/test) run with the rest.
    include: ['test/**/*.test.ts', 'clients/node/test/**/*.test.ts'],
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
