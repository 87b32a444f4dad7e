import { describe, expect, it } from 'vitest';
import { EscalatingLockout, staffPinLockout } from '../../../src/server/domain/guess-limiter.js';
import { RateLimitedError } from '../../../src/server/errors.js';

function retryAfter(lockout: EscalatingLockout, key: string): number | null {
  try {
    lockout.check(key);
    return null;
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    return Number(err.headers['retry-after']);
  }
}

describe('EscalatingLockout (staff PINs)', () => {
  it('doubles each lockout up to 15 minutes, and forgets a key after an hour without a wrong PIN', () => {
    let now = 0;
    const lockout = new EscalatingLockout(staffPinLockout, () => now);
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
});
