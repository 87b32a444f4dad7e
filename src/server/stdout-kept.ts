import { fstatSync, type Stats } from 'node:fs';
import { isatty } from 'node:tty';

/**
 * Whether what this process writes to `fd` is kept somewhere that outlives the start: a file it
 * was redirected into, or systemd's journal (which names its stream in `JOURNAL_STREAM` as
 * `device:inode`). A terminal, or a pipe or socket to the program that started the server (a
 * shell's `|`, a test harness, a supervisor reading `listening on`), is read, not kept: there the
 * first admin key is printed once, as CONTRACT.md's "first admin key" asks.
 */
export function stdoutKept(fd = 1, env: NodeJS.ProcessEnv = process.env): boolean {
  if (isatty(fd)) return false;
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch {
    return false; // No stdout at all: nothing is kept, and a key printed there is simply lost.
  }
  if (stat.isFile()) return true;
  const [device, inode] = (env.JOURNAL_STREAM ?? '').split(':');
  return device === String(stat.dev) && inode === String(stat.ino);
}
