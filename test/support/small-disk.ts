import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real, small file system for disk-full tests: a tmpfs of `sizeBytes` mounted on a temporary
 * folder. Needs root (or CAP_SYS_ADMIN); when the mount is refused the test fails and says why,
 * rather than passing without having filled a disk. `unmount()` is safe to call more than once
 * and must run in the test's teardown, whatever happened.
 */
export interface SmallDisk {
  dir: string;
  /** Bytes still free for files (statfs). */
  freeBytes(): number;
  /** Writes a filler file until at most `leaveBytes` are free (the file is `filler.bin`). */
  fill(leaveBytes?: number): void;
  /** Deletes the filler: the space it took is free again. */
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(sizeBytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-small-disk-'));
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]);
  if (mount.status !== 0) {
    rmdirSync(dir);
    throw new Error(
      `This test fills a real disk: it mounts a ${sizeBytes}-byte tmpfs, which needs root or ` +
        `CAP_SYS_ADMIN. mount said: ${mount.stderr?.toString().trim() || mount.error?.message}`,
    );
  }
  const filler = join(dir, 'filler.bin');
  let mounted = true;
  const freeBytes = () => {
    const fs = statfsSync(dir);
    return fs.bavail * fs.bsize;
  };
  return {
    dir,
    freeBytes,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(4096, 0x5a);
      try {
        // Bounded: never more chunks than the disk has room for.
        for (let i = 0; i < sizeBytes / chunk.length + 1 && freeBytes() > leaveBytes; i++) {
          try {
            writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      // Lazy: a server process still holding files open must not keep the mount (or the test) up.
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
