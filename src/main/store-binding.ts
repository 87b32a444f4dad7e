import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { addonAbi, elfShortfall } from './addon-file.js';

/**
 * The store's native half (better-sqlite3's binding), found and checked before the desktop hosts a
 * venue, so a binding Electron cannot load ends in one line saying what to run instead of a crash
 * or a stack trace. better-sqlite3 13 is Node-API: its prebuilds load in Electron as they are.
 */

const require = createRequire(import.meta.url);

/**
 * Files electron-builder unpacks from the asar (asarUnpack) live beside it in app.asar.unpacked.
 * Electron would redirect there by itself, but plain Node cannot look inside an asar, so the real
 * path serves both (and is what the packaged-layout test reads).
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

/** better-sqlite3's prebuild name for this process: `linux-x64`, `linuxmusl-arm64`, `win32-x64`… */
export function prebuildTarget(): string {
  const { platform, arch } = process;
  if (platform !== 'linux') return `${platform}-${arch}`;
  // glibc's version is in the report's header; musl has none (better-sqlite3 asks the same way).
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  return `${header?.glibcVersionRuntime ? 'linux' : 'linuxmusl'}-${arch}`;
}

/**
 * The binding the store will load, in better-sqlite3's own order: a build someone compiled
 * (`@electron/rebuild` writes build/Release), else the prebuild for this platform. Null when
 * better-sqlite3 itself is not installed.
 */
export function locateStoreBinding(moduleDir = storeModuleDir(), target = prebuildTarget()): string | null {
  if (moduleDir === null) return null;
  const dir = unpackedPath(moduleDir);
  const compiled = ['Debug', 'Release'].map((kind) => join(dir, 'build', kind, 'better_sqlite3.node'));
  return compiled.find((file) => existsSync(file)) ?? join(dir, 'prebuilds', `${target}.node`);
}

function storeModuleDir(): string | null {
  try {
    return dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    return null;
  }
}

export type StoreBindingCheck = { ok: true; file: string } | { ok: false; line: string };

export interface StoreBindingContext {
  /** An installed app (Electron's app.isPackaged): the fix is the installer, not a command. */
  packaged: boolean;
}

type Fix = 'reinstall' | 'rebuild';

interface Problem {
  what: string;
  fix: Fix;
}

const rebuildCommand = 'npx @electron/rebuild -f -w better-sqlite3';

/** Reads, inspects, then loads the binding in a try: ok with the file, or one line saying what to run. */
export function checkStoreBinding(file: string | null, context: StoreBindingContext): StoreBindingCheck {
  const notInstalled: Problem = { what: 'is not installed', fix: 'reinstall' };
  if (file === null) return failure('better-sqlite3', notInstalled, context);
  const problem = bindingProblem(file);
  return problem ? failure(`its SQLite binding ${file}`, problem, context) : { ok: true, file };
}

function failure(subject: string, problem: Problem, context: StoreBindingContext): StoreBindingCheck {
  const line = `Marquee cannot open its store: ${subject} ${problem.what}; ${fixText(problem.fix, context.packaged)}.`;
  return { ok: false, line: line.replace(/\s*[\r\n]+\s*/g, ' ') };
}

function fixText(fix: Fix, packaged: boolean): string {
  if (packaged) return 'reinstall Marquee from its installer';
  if (fix === 'rebuild') return `run \`${rebuildCommand}\` to build one for this Electron`;
  return 'run `npm ci` to reinstall it';
}

function bindingProblem(file: string): Problem | null {
  // A V8-ABI build loads only where its ABI is the running one (Electron 45: 150; Node 22: 127).
  const runtimeAbi = Number(process.versions.modules);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return missing(file, error);
  }
  const short = elfShortfall(bytes);
  if (short) return { what: `is cut short (${bytes.length} bytes of ${short.needs})`, fix: 'reinstall' };
  const abi = addonAbi(bytes);
  if (abi.kind === 'none') return { what: 'is not a Node addon', fix: 'reinstall' };
  if (abi.kind === 'v8' && abi.abi !== null && abi.abi !== runtimeAbi) {
    const what = `is built for V8 ABI ${abi.abi}, not Node-API, and this runtime is ABI ${runtimeAbi}`;
    return { what, fix: 'rebuild' };
  }
  try {
    require(file);
    return null;
  } catch (error) {
    // Node prefixes dlopen errors with the path, which the line already names.
    const reason = (error instanceof Error ? error.message : String(error)).replace(`${file}: `, '');
    // Node's own refusal of a V8-ABI build (one that names no ABI in its exports) for another runtime.
    const fix = reason.includes('NODE_MODULE_VERSION') ? 'rebuild' : 'reinstall';
    return { what: `does not load (${reason})`, fix };
  }
}

/** A prebuilds folder without this platform's file means none is published for it: build one. */
function missing(file: string, error: unknown): Problem {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT') return { what: `cannot be read (${code ?? String(error)})`, fix: 'reinstall' };
  const folder = dirname(file);
  const others = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.node')) : [];
  if (others.length > 0) return { what: 'does not exist: no prebuild for this platform', fix: 'rebuild' };
  return { what: 'does not exist', fix: 'reinstall' };
}
