/**
 * Wrong staff PINs per till key (domain/guess-limiter.ts EscalatingLockout), kept in the store so
 * that restarting the server or the desktop app does not hand a locked-out till fresh guesses.
 * One row per key that has guessed wrong lately: how many wrong PINs, how many lockouts so far
 * (each lasts twice as long as the last), when the last wrong one came and when the lockout
 * running ends. A row idle past its forget time is deleted by the next wrong PIN (any till's), so
 * the table holds at most one row per till key and usually none.
 * No foreign key to api_keys: the row is about guesses made with a key, and goes with them.
 */
export const sql = `
CREATE TABLE pin_guesses (
  api_key_id    TEXT PRIMARY KEY,
  wrong         INTEGER NOT NULL,
  lockouts      INTEGER NOT NULL,
  last_wrong_at INTEGER NOT NULL,
  locked_until  INTEGER NOT NULL
);
`;
