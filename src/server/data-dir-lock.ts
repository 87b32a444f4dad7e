/**
 * One venue server per data dir, after PostgreSQL's postmaster.pid: `<dataDir>/marquee.pid`, made
 * with O_EXCL and holding the pid, start time, host name and folder of the server using it. Two
 * servers on one store (the new version started while the old one still runs) would migrate the
 * store under each other and both send the same queued mail; the second one is refused instead.
 * A file whose process is gone (a kill -9, a power cut, a container restarted with the same pid)
 * is taken over.
 */
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname, uptime } from 'node:os';
import { join } from 'node:path';
import { privateFileMode } from '../shared/private-files.js';
import { bootId } from '../shared/boot-id.js';

export const lockFileName = 'marquee.pid';

/** The server start stops here: the message says who holds the folder and what to do. */
export class DataDirInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Deletes the file if it is still ours; safe to call more than once, never throws. */
  release(): void;
}

interface LockEntry {
  pid: number;
  started_at: string;
  host: string;
  dir: string;
  /** The folder's device and inode: the same folder under another path (a bind mount) has them too. */
  folder: string;
  /** Linux's boot id, else null. */
  boot: string | null;
  /** When the machine booted (ms; from the wall clock, so only good to a minute or two). */
  booted_at: number;
  /** Linux: when the holder's process started, in clock ticks since boot; else null. */
  proc_start: string | null;
}

/** Field 22 of /proc/<pid>/stat: a pid reused by another program has another start. */
function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Two boot times this far apart are two boots (a power cut since); closer is one clock step. */
const sameBootWithinMs = 120_000;

function folderId(realDir: string): string {
  const stat = statSync(realDir);
  return `${stat.dev}:${stat.ino}`;
}

/** A file from before the machine last booted names a pid of another life: some program may have it now. */
function fromAnEarlierBoot(entry: LockEntry): boolean {
  const boot = bootId();
  if (boot !== null && entry.boot !== null) return boot !== entry.boot;
  if (!Number.isFinite(entry.booted_at)) return false;
  return Math.abs(Date.now() - uptime() * 1000 - entry.booted_at) > sameBootWithinMs;
}

/** Folders (device:inode) this process serves, with the text it wrote to each one's file. */
const held = new Map<string, { file: string; text: string }>();

/** A file caught between its creation and its first write is this young at most; older and empty is debris. */
const halfWrittenGraceMs = 10_000;

/**
 * A running server touches its file this often. Another computer's pid cannot be checked from
 * here, but a file it has not touched for `abandonedAfterMs` is left over: a laptop that crashed
 * and came back under another host name (macOS renames itself on a new network), or a container
 * recreated after a crash, starts without anyone deleting it by hand. Generous, because a long
 * store upgrade at start runs before the event loop turns.
 */
const heartbeatMs = 60_000;
export const abandonedAfterMs = 15 * 60_000;

function removeIfOurs(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) unlinkSync(file);
  } catch {
    // Gone already, or the folder removed: nothing left to release.
  }
}

let exitHookInstalled = false;
function releaseAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A forced exit (the shutdown deadline, a start that failed after listening) skips the app's
  // close: the file goes anyway, so the folder looks as a clean stop leaves it.
  process.on('exit', () => {
    for (const { file, text } of held.values()) removeIfOurs(file, text);
  });
}

function parseEntry(text: string): LockEntry | null {
  try {
    const value = JSON.parse(text) as Partial<LockEntry>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      started_at: String(value.started_at ?? 'an unknown time'),
      host: String(value.host ?? ''),
      dir: String(value.dir ?? ''),
      folder: String(value.folder ?? ''),
      boot: typeof value.boot === 'string' ? value.boot : null,
      booted_at: typeof value.booted_at === 'number' ? value.booted_at : NaN,
      proc_start: typeof value.proc_start === 'string' ? value.proc_start : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether `pid` names a running program on this machine that could be a Marquee server. Signal 0
 * tests for existence (EPERM: it exists, another user's). On Linux a reused pid is recognised
 * cheaply: a server's command line names node, electron or marquee.
 */
export function mayBeMarquee(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true; // No /proc (macOS, Windows) or not readable: assume the worst.
  }
  return /node|electron|marquee/i.test(cmdline);
}

function sameHost(entry: LockEntry): boolean {
  return entry.host === hostname();
}

function refusal(dataDir: string, file: string, entry: LockEntry | null): DataDirInUseError {
  const who = entry
    ? `Another Marquee server (pid ${entry.pid}${sameHost(entry) ? '' : ` on ${entry.host || 'another computer'}`}, started ${entry.started_at})`
    : 'Another Marquee server, starting at this moment,';
  return new DataDirInUseError(
    `${who} is using the data folder ${dataDir}. Stop that server first; if no Marquee runs, delete ` +
      `${file} and start again. Nothing was changed.`,
  );
}

function untouchedFor(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** Whether the file found in the data dir is left over from a server no longer running. */
function isStale(file: string, entry: LockEntry | null, realDir: string, folder: string): boolean {
  // Empty or garbled: a crash between creating and writing it, unless another start is in that gap now.
  if (entry === null) return untouchedFor(file) > halfWrittenGraceMs;
  // Another computer's (a shared folder, another container on this one): its pid means nothing
  // here, but a live server keeps touching the file.
  if (!sameHost(entry)) return untouchedFor(file) > abandonedAfterMs;
  // Copied with the folder from elsewhere on this machine: it speaks of that folder, not this one.
  // The same folder reached by another path (a bind mount) is this one: its inode says so.
  if (entry.folder !== '' ? entry.folder !== folder : entry.dir !== '' && entry.dir !== realDir) return true;
  // Its pid is of a life before a power cut; after the reboot any program may have that number.
  if (fromAnEarlierBoot(entry)) return true;
  // Our own pid in a folder this process does not serve: a restart that got the same pid.
  if (entry.pid === process.pid) return true;
  // Linux: the pid's process started when the holder did, or it is another program's now.
  const started = entry.proc_start === null ? null : processStart(entry.pid);
  if (started !== null) return started !== entry.proc_start;
  return !mayBeMarquee(entry.pid);
}

function create(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', privateFileMode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, text);
    // On disk before the store is opened: after a power cut the file holds a pid, not nothing.
    fsyncSync(fd);
  } catch (err) {
    // A full disk: no empty file left behind to refuse the next start as "starting at this moment".
    closeSync(fd);
    unlinkSync(file);
    throw err;
  }
  closeSync(fd);
  return true;
}

/**
 * Takes `dataDir` (which must exist) for this process, or throws DataDirInUseError when another
 * Marquee server (or this process, through another app) already uses it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const realDir = realpathSync(dataDir);
  const folder = folderId(realDir);
  const file = join(dataDir, lockFileName);
  if (held.has(folder)) {
    throw new DataDirInUseError(
      `This process already runs a Marquee server on the data folder ${dataDir}; close it before starting another. Nothing was changed.`,
    );
  }
  const entry: LockEntry = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    host: hostname(),
    dir: realDir,
    folder,
    boot: bootId(),
    booted_at: Math.round(Date.now() - uptime() * 1000),
    proc_start: processStart('self'),
  };
  const text = `${JSON.stringify(entry)}\n`;
  if (!create(file, text)) {
    const found = readIfPresent(file);
    if (found !== null) {
      const existing = parseEntry(found);
      if (!isStale(file, existing, realDir, folder)) throw refusal(dataDir, file, existing);
      // Changed since it was read: another start took the stale file over first.
      const again = readIfPresent(file);
      if (again !== null && again !== found) throw refusal(dataDir, file, parseEntry(again));
      try {
        unlinkSync(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    // Another start that took it at the same moment wins; this one steps back.
    if (!create(file, text)) throw refusal(dataDir, file, parseEntry(readIfPresent(file) ?? ''));
  }
  held.set(folder, { file, text });
  releaseAllOnExit();
  const heartbeat = setInterval(() => touch(file), heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    file,
    release: () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      held.delete(folder);
      removeIfOurs(file, text);
    },
  };
}

function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Deleted by hand or the folder gone: the next start decides by what it finds.
  }
}

/** The file's text, or null when there is no such file (a server that stopped removed it). */
function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
