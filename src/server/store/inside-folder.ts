import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Whether a backup folder lies in the data folder, judged where both really are on disk. Compared
 * as typed, a link fooled it: /mnt/x/dlink/sub, with dlink a link to the data folder, passed, was
 * made inside it, and the backup then copied itself into itself until the path was too long.
 */

/** Whether `child` is `parent` or a folder under it, as paths (no link followed). */
function isInsideFolder(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * `path` with every link in it followed. A folder not made yet has no real path of its own: the
 * nearest folder above it that exists is followed and the rest joined on, so the answer is known
 * before anything is made.
 */
export function realPathOf(path: string): string {
  const rest: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest);
    } catch {
      // Missing, or not readable: the folder above decides.
      if (dirname(at) === at) return resolve(path);
      rest.unshift(basename(at));
    }
  }
}

/**
 * Why `folder` cannot take backups of `dataDir` because it is inside it (through a link or not),
 * in words; null when it is outside. A backup there is lost with the laptop, and copies itself.
 */
export function insideDataFolderProblem(dataDir: string, folder: string): string | null {
  const target = resolve(folder);
  const real = realPathOf(target);
  if (!isInsideFolder(realPathOf(dataDir), real)) return null;
  const via = real === target ? '' : ` (it leads to ${real})`;
  return `${target} is inside the data folder${via}: a backup there is lost with the laptop. Choose a folder outside it, on another disk if you can.`;
}
