import { RateLimitedError } from '../errors.js';
import type { PinGuessesRepo, PinGuessRow } from '../store/pin-guesses-repo.js';

/** What a service guarding a secret needs of a limiter: refuse while locked out, count a miss. */
export interface Guesses {
  /** Throws 429 `rate_limited` (with Retry-After) while the key is locked out. */
  check(keyId: string): void;
  wrong(keyId: string): void;
}

export interface GuessLimit {
  /** Wrong guesses a key may make in one window. */
  max: number;
  windowMs: number;
  /** What is being guessed, for the refusal: "access codes", "attendant PINs". */
  what: string;
  param: string;
}

/**
 * Slows down guessing a secret through the API: each key may be wrong `max` times per window,
 * then every attempt (right or wrong) is refused with 429 until the window ends. A right guess
 * does not reset the count, so knowing one code cannot be used to keep guessing others. Kept in
 * memory per API key: keys are few and authenticated, so nothing unauthenticated can fill it. A
 * restart forgets these counts (access codes, attendant PINs); staff PINs, which guard who acts at
 * a till, are kept in the store instead (EscalatingLockout).
 */
export class GuessLimiter implements Guesses {
  private readonly windows = new Map<string, { start: number; wrong: number }>();

  constructor(
    private readonly limit: GuessLimit,
    private readonly now: () => number,
  ) {}

  /** Throws 429 `rate_limited` while the key is locked out. */
  check(keyId: string): void {
    const window = this.current(keyId);
    if (!window || window.wrong < this.limit.max) return;
    throw lockedOut(this.limit, window.start + this.limit.windowMs - this.now());
  }

  wrong(keyId: string): void {
    const window = this.current(keyId);
    if (window) window.wrong += 1;
    else this.windows.set(keyId, { start: this.now(), wrong: 1 });
  }

  private current(keyId: string): { start: number; wrong: number } | undefined {
    const window = this.windows.get(keyId);
    if (window && this.now() - window.start >= this.limit.windowMs) {
      this.windows.delete(keyId);
      return undefined;
    }
    return window;
  }
}

const lockedOut = (limit: { what: string; param: string }, ms: number): RateLimitedError => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new RateLimitedError(
    `Too many wrong ${limit.what} from this key: try again in ${seconds} s.`,
    seconds,
    limit.param,
  );
};

export interface Lockout {
  /** Wrong guesses a key may make before its first lockout. */
  free: number;
  firstLockoutMs: number;
  maxLockoutMs: number;
  /** A key with no wrong guess (and no lockout running) for this long starts afresh. */
  forgetAfterMs: number;
  what: string;
  param: string;
}

/**
 * Like a phone's PIN screen: `free` wrong guesses, then each further wrong one locks the key out
 * for twice as long as the last time (up to `maxLockoutMs`), so guessing slows down the longer it
 * goes on instead of resuming at full speed after each window. As with GuessLimiter a right guess
 * resets nothing: a seller who knows their own PIN cannot use it to keep guessing a manager's.
 *
 * Kept in the store (migration 018), not in memory: a person at a locked-out till who can restart
 * the server or the desktop app must not get fresh guesses by doing so. A wrong guess is written
 * straight to the store, not through the ActionRunner: it is no business action (nothing to audit,
 * and no answer to keep for an Idempotency-Key: the retry of a wrong PIN is another wrong PIN),
 * and `Guesses` is synchronous. Its one small commit lands before the refusal is answered.
 */
export class EscalatingLockout implements Guesses {
  constructor(
    private readonly limit: Lockout,
    private readonly store: PinGuessesRepo,
    private readonly now: () => number,
  ) {}

  check(keyId: string): void {
    const at = this.now();
    const state = this.current(keyId, at);
    const left = state ? state.locked_until - at : 0;
    if (left > 0) throw lockedOut(this.limit, left);
  }

  wrong(keyId: string): void {
    const at = this.now();
    const last = this.current(keyId, at);
    const wrong = (last?.wrong ?? 0) + 1;
    const lockouts = last?.lockouts ?? 0;
    const locks = wrong >= this.limit.free;
    const lockoutMs = Math.min(this.limit.firstLockoutMs * 2 ** lockouts, this.limit.maxLockoutMs);
    this.store.save(
      {
        api_key_id: keyId,
        wrong,
        lockouts: locks ? lockouts + 1 : lockouts,
        last_wrong_at: at,
        locked_until: locks ? at + lockoutMs : (last?.locked_until ?? 0),
      },
      { at, lastWrongBy: at - this.limit.forgetAfterMs },
    );
  }

  /** The key's state, or none once it is idle (its row goes at the next wrong guess). */
  private current(keyId: string, at: number): PinGuessRow | undefined {
    const state = this.store.find(keyId);
    if (state && at >= state.locked_until && at - state.last_wrong_at >= this.limit.forgetAfterMs) {
      return undefined;
    }
    return state;
  }
}

/**
 * Staff PINs at a till: 5 wrong, then 30 s, 1 min, 2 min … up to 15 min per further wrong one,
 * forgotten after an hour without one. A 4-digit PIN then takes weeks to guess from one till.
 */
export const staffPinLockout: Lockout = {
  free: 5,
  firstLockoutMs: 30_000,
  maxLockoutMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
  what: 'staff PINs',
  param: 'pin',
};

/** 10 wrong codes per key per 10 minutes: plenty for customers' typos, ~1,440 guesses a day at most. */
export const accessCodeGuessLimit: GuessLimit = {
  max: 10,
  windowMs: 10 * 60 * 1000,
  what: 'access codes',
  param: 'access_code',
};

/** 5 wrong attendant PINs per kiosk per 15 minutes. */
export const attendantPinGuessLimit: GuessLimit = {
  max: 5,
  windowMs: 15 * 60 * 1000,
  what: 'attendant PINs',
  param: 'pin',
};
