import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Overwrites `count` whole pages in the middle of a closed SQLite file with pseudo-random bytes
 * (a fixed seed, so a failure can be replayed): what a bad sector or a torn copy does. The header
 * and the schema on page 1 stay intact, so SQLite opens the file and answers the first queries.
 */
export function garbleMiddlePages(file: string, count = 8): { pageSize: number; firstPage: number } {
  const probe = new Database(file, { readonly: true });
  const pageSize = probe.pragma('page_size', { simple: true }) as number;
  const pages = probe.pragma('page_count', { simple: true }) as number;
  probe.close();
  if (pages < count * 4) throw new Error(`only ${pages} pages: too small a store to garble its middle`);
  const firstPage = Math.floor(pages / 2);
  let seed = 0x2545f491;
  const noise = Buffer.alloc(pageSize * count);
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    noise[i] = seed >>> 24;
  }
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, noise, 0, noise.length, (firstPage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
  return { pageSize, firstPage };
}
