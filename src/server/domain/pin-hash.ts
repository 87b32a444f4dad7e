import { scrypt, type BinaryLike } from 'node:crypto';

const keyLength = 32;
/**
 * scrypt's cost: ~50 ms a hash here, on libuv's pool (never the event loop). A PIN has few digits,
 * so the hash only slows a stolen store down; what stops guessing through the API is the limit on
 * wrong PINs per key (guess-limiter.ts).
 */
const cost = { N: 16_384, r: 8, p: 1 } as const;

/** scrypt of a PIN (the kiosk attendant's, a staff member's) with `salt`. */
export const hashPin = (pin: string, salt: BinaryLike): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(pin, salt, keyLength, cost, (err, key) => (err ? reject(err) : resolve(key))),
  );
