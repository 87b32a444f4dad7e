import { RateLimitedError } from '../errors.js';

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
 * memory per API key: keys are few and authenticated, so nothing unauthenticated can fill it; a
 * restart forgets the counts (a restart takes longer than the window anyway).
 */
export class GuessLimiter {
  private readonly windows = new Map<string, { start: number; wrong: number }>();

  constructor(
    private readonly limit: GuessLimit,
    private readonly now: () => number,
  ) {}

  /** Throws 429 `rate_limited` while the key is locked out. */
  check(keyId: string): void {
    const window = this.current(keyId);
    if (!window || window.wrong < this.limit.max) return;
    const seconds = Math.max(1, Math.ceil((window.start + this.limit.windowMs - this.now()) / 1000));
    throw new RateLimitedError(
      `Too many wrong ${this.limit.what} from this key: try again in ${seconds} s.`,
      seconds,
      this.limit.param,
    );
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
