import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EscalatingLockout, staffPinLockout } from '../../src/server/domain/guess-limiter.js';
import { RateLimitedError } from '../../src/server/errors.js';
import { openStore, type Db } from '../../src/server/store/db.js';
import { PinGuessesRepo } from '../../src/server/store/pin-guesses-repo.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let db: Db;
let now = 0;

/** The lockout as the server builds it, on the store at `dir` (reopened by each call). */
function openLockout(): EscalatingLockout {
  if (db?.open) db.close();
  db = openStore(join(dir, 'marquee.db'));
  return new EscalatingLockout(staffPinLockout, new PinGuessesRepo(db), () => now);
}

beforeEach(() => {
  dir = tempDataDir('marquee-pin-guesses-');
  now = Date.parse('2026-11-22T12:00:00Z');
});
afterEach(() => {
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function retryAfter(lockout: EscalatingLockout, key: string): number | null {
  try {
    lockout.check(key);
    return null;
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    return Number(err.headers['retry-after']);
  }
}

const keysKept = (): string[] =>
  (
    db.prepare('SELECT api_key_id FROM pin_guesses ORDER BY api_key_id').all() as { api_key_id: string }[]
  ).map((row) => row.api_key_id);

describe('EscalatingLockout (staff PINs)', () => {
  it('doubles each lockout up to 15 minutes, and forgets a key after an hour without a wrong PIN', () => {
    const lockout = openLockout();
    for (let i = 0; i < 4; i++) lockout.wrong('till');
    expect(retryAfter(lockout, 'till')).toBeNull();
    lockout.wrong('till');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = retryAfter(lockout, 'till')!;
      waits.push(wait);
      now += wait * 1000;
      expect(retryAfter(lockout, 'till')).toBeNull();
      lockout.wrong('till');
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(retryAfter(lockout, 'other till')).toBeNull();

    // An hour after the last wrong PIN (and its lockout long over), the key starts afresh.
    now += 60 * 60 * 1000;
    expect(retryAfter(lockout, 'till')).toBeNull();
    lockout.wrong('till');
    expect(retryAfter(lockout, 'till')).toBeNull();
  });

  it('keeps a lockout, and the count towards the next one, across reopening the store', () => {
    let lockout = openLockout();
    for (let i = 0; i < 5; i++) lockout.wrong('till');
    lockout.wrong('slow till');
    now += 10_000;
    expect(retryAfter(lockout, 'till')).toBe(20);

    lockout = openLockout();
    expect(retryAfter(lockout, 'till')).toBe(20);
    expect(retryAfter(lockout, 'other till')).toBeNull();
    // The next wrong PIN after this lockout locks for twice as long, restart or not.
    now += 20_000;
    expect(retryAfter(lockout, 'till')).toBeNull();
    lockout.wrong('till');
    expect(retryAfter(lockout, 'till')).toBe(60);
    // A till with fewer than 5 wrong keeps its count too: 4 more lock it.
    for (let i = 0; i < 3; i++) lockout.wrong('slow till');
    expect(retryAfter(lockout, 'slow till')).toBeNull();
    lockout.wrong('slow till');
    expect(retryAfter(lockout, 'slow till')).toBe(30);
  });

  it('deletes the rows of idle keys at the next wrong PIN, and never a key still counting', () => {
    const lockout = openLockout();
    lockout.wrong('idle till');
    now += 60 * 60 * 1000 - 1000;
    for (let i = 0; i < 5; i++) lockout.wrong('locked till');
    lockout.wrong('recent till');
    // The idle till's last wrong PIN was 59 min 59 s ago: not forgotten yet.
    expect(keysKept()).toEqual(['idle till', 'locked till', 'recent till']);

    now += 1000;
    lockout.wrong('recent till');
    // An hour without a wrong PIN and no lockout running: gone. The others count on.
    expect(retryAfter(lockout, 'locked till')).toBe(29);
    expect(keysKept()).toEqual(['locked till', 'recent till']);
    expect(retryAfter(lockout, 'idle till')).toBeNull();
    expect(db.prepare("SELECT wrong FROM pin_guesses WHERE api_key_id = 'recent till'").get()).toEqual({
      wrong: 2,
    });
  });
});
