/**
 * The bench modules under bench/: any bench/*.ts exporting `run(): Promise<BenchResult[]>`.
 * Helpers (no `run`) are skipped, so a new bench is picked up without editing a list.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchResult } from './bench-result.js';

export interface BenchModule {
  run?: () => Promise<readonly BenchResult[]>;
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
/**
 * Not bench modules: the runners, and the scripts run by hand (store-check with its own argument,
 * profile-requests and compare-in-process): each does its work as soon as it is imported, so it
 * must never be imported to look for a `run` (test/unit/bench/bench-modules.test.ts).
 */
export const notModules = [
  'run-all',
  'node-versions',
  'compare-commits',
  'store-check',
  'profile-requests',
  'compare-in-process',
];
/** Cheapest first, so a broken set-up shows itself early; anything new runs after these. */
const preferred = [
  'foundation',
  'checkout',
  'credentials',
  'webhooks',
  'mail',
  'scanning',
  'scanner',
  'door-lookup',
  'reports',
];

/** Every bench/*.ts but the runners and standalone scripts, in the order they run; helpers included (see loadBenchModule). */
export function benchFileNames(): string[] {
  const names = readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => basename(file, '.ts'))
    .filter((name) => !notModules.includes(name));
  const rank = (name: string): number => {
    const i = preferred.indexOf(name);
    return i === -1 ? preferred.length : i;
  };
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The module's `run`, or null for a helper. Importing a bench module runs nothing. */
export async function loadBenchModule(name: string): Promise<BenchModule['run'] | null> {
  const loaded = (await import(pathToFileURL(join(benchDir, `${name}.ts`)).href)) as BenchModule;
  return typeof loaded.run === 'function' ? loaded.run : null;
}

/** The names of the modules that are benches (export `run`), in the order they run. */
export async function benchModuleNames(): Promise<string[]> {
  const names: string[] = [];
  for (const name of benchFileNames()) if (await loadBenchModule(name)) names.push(name);
  return names;
}
