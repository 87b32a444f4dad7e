import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Debian's libfaketime (package `faketime`, which .ci/run and `npm test` install), multi-threaded
 * build (Node runs threads), for this machine's arch. Throws when it is missing: a real process
 * whose clock must be moved cannot be run without it.
 */
export function findLibfaketime(): string {
  const found = readdirSync('/usr/lib')
    .map((arch) => join('/usr/lib', arch, 'faketime', 'libfaketimeMT.so.1'))
    .find((path) => existsSync(path));
  if (!found) throw new Error('libfaketime is not installed: apt-get install faketime');
  return found;
}
