import { execFileSync } from 'node:child_process';
import { closeSync, constants, fstatSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stdoutKept } from '../../../src/server/stdout-kept.js';

const dir = mkdtempSync(join(tmpdir(), 'marquee-stdout-kept-'));
const fds: number[] = [];
afterAll(() => {
  for (const fd of fds) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

function opened(path: string, flags: number): number {
  const fd = openSync(path, flags);
  fds.push(fd);
  return fd;
}

describe('stdoutKept', () => {
  it('a file the output was redirected into keeps it', () => {
    const fd = opened(join(dir, 'server.log'), constants.O_CREAT | constants.O_WRONLY);
    expect(stdoutKept(fd, {})).toBe(true);
  });

  it('a pipe to the program that started the server is read, not kept, unless it is the journal', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // Read-write, so opening it does not wait for a reader (Linux).
    const fd = opened(fifo, constants.O_RDWR);
    expect(stdoutKept(fd, {})).toBe(false);
    const { dev, ino } = fstatSync(fd);
    expect(stdoutKept(fd, { JOURNAL_STREAM: `${dev}:${ino}` })).toBe(true);
    // The journal's stream is named exactly: another one (a child's inherited variable) is not it.
    expect(stdoutKept(fd, { JOURNAL_STREAM: `${dev}:${ino + 1}` })).toBe(false);
  });

  it('no stdout at all keeps nothing', () => {
    expect(stdoutKept(987_654, {})).toBe(false);
  });
});
