/**
 * `npm run backup -- <folder> [--keep N]`: a backup of the data folder (MARQUEE_DATA_DIR, else
 * the default one) into `<folder>/marquee-backup-<UTC time>/`, safe while the server sells
 * (store/data-folder-backup.ts). Prints what it copied; a refusal is one line and exit 2.
 */
import { resolve } from 'node:path';
import { defaultDataDir } from './config.js';
import { BackupFailedError, backUpDataFolder } from './store/data-folder-backup.js';

const usage =
  'usage: npm run backup -- <folder> [--keep N]   (the data folder is MARQUEE_DATA_DIR, else the default one)';

function parseArgs(argv: string[]): { destination: string; keep: number } | string {
  let destination: string | undefined;
  let keep = 0;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--keep') {
      const value = Number(argv[(i += 1)]);
      if (!Number.isInteger(value) || value < 1) return '--keep takes a whole number of backups, 1 or more';
      keep = value;
    } else if (arg.startsWith('-') || destination !== undefined) {
      return `unexpected ${arg}`;
    } else {
      destination = arg;
    }
  }
  return destination === undefined ? 'name the folder to write the backup into' : { destination, keep };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`marquee backup: ${args}\n${usage}`);
    process.exit(2);
  }
  const dataDir = process.env.MARQUEE_DATA_DIR || defaultDataDir();
  try {
    // `npm run` runs this from the project folder: a relative folder means the one it was typed in.
    const destination = resolve(process.env.INIT_CWD ?? process.cwd(), args.destination);
    const made = backUpDataFolder({ dataDir, destination, keep: args.keep });
    const newest = made.newestOrderAt ? `, the newest sold at ${made.newestOrderAt}` : '';
    console.log(
      `backed up ${dataDir} to ${made.folder}: ${made.orders} orders, ${made.tickets} tickets${newest}`,
    );
    for (const path of made.deleted) console.log(`deleted the older backup ${path}`);
  } catch (err) {
    if (!(err instanceof BackupFailedError)) throw err;
    console.error(`marquee backup: ${err.message}`);
    process.exit(2);
  }
}

main();
