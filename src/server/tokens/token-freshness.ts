/**
 * A token this server signed earlier may be handed out again (from the sign-ahead pool or the
 * per-ticket cache) only while it is valid at the server's current time with room to spare:
 * signed at most `maxAgeSeconds` ago, and not in the future.
 *
 * Not in the future matters when the clock is stepped back (NTP correcting a clock that ran
 * ahead): a token signed during the wrong period carries an `iat` that is still to come, so
 * validators refuse it `not_yet_valid`, and its `exp` is far off, so an age test alone
 * (`now − iat`, or `exp − now`) would keep handing it out for as long as the clock was wrong.
 */
export const maxFutureIatSeconds = 2;

export function isUsableAt(iat: number, nowSeconds: number, maxAgeSeconds: number): boolean {
  return iat <= nowSeconds + maxFutureIatSeconds && iat >= nowSeconds - maxAgeSeconds;
}
