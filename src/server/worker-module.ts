import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The file a worker thread starts from, named `name` and found beside the module asking
 * (`callerUrl`, its import.meta.url). A build puts each worker beside its bundle as `<name>.mjs`
 * (scripts/server-bundle.mjs for out/server, electron.vite.config.ts for out/main); from the source
 * tree it is the TypeScript file itself, which the thread loads through tsx when the process runs
 * under tsx (a worker inherits the parent's `--import`) and through Node's own type stripping
 * otherwise (vitest). Paths, not URLs: Electron's fs reads inside app.asar only when given a path.
 */
export function workerModule(callerUrl: string, name: string): string {
  const built = fileURLToPath(new URL(`./${name}.mjs`, callerUrl));
  return existsSync(built) ? built : fileURLToPath(new URL(`./${name}.ts`, callerUrl));
}
