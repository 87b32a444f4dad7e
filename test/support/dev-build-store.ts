import { openStore } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';

/**
 * What dcf001d (2026-11-28 11:35) left: migrations 1-17 as now and its PIN lockout recorded as 19,
 * renumbered 18 four minutes later, 19 given to payout-cancel a day after.
 */
export function devBuildStore(file: string): void {
  const pinGuesses = migrations.find((m) => m.name === 'pin-guesses')!;
  openStore(file, {
    migrations: [
      ...migrations.filter((m) => m.version <= 17),
      { version: 19, name: 'pin-guesses', sql: pinGuesses.sql },
    ],
  }).close();
}
