import { ApiError } from '../errors.js';
import { firstBodyPath, type BodyCheck } from './first-body-path.js';

/**
 * Fastify's JSON parser refuses a `__proto__` key, and a `constructor` object holding
 * `prototype`, to keep a body from reaching an object's prototype, and says so with the same
 * SyntaxError as broken JSON. The body is valid JSON, though: "not valid JSON" sent its sender
 * looking for a syntax error that is not there. This names the key instead.
 */
export function prototypeKeyRefusal(text: string): ApiError | null {
  let value: unknown;
  try {
    // Plain JSON.parse makes `__proto__` an own property and never sets a prototype, so reading
    // the body here to find the key is safe; it is never handed on.
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const path = firstBodyPath(value, prototypeKeys);
  if (path === null) return null;
  return new ApiError(
    400,
    'invalid_json',
    `The field ${path} is not allowed: no request takes a key that names an object's prototype.`,
    path,
  );
}

/**
 * A `__proto__` key (`__proto__`, `tickets[0].__proto__`), and a `constructor` object holding
 * `prototype` (`constructor.prototype`).
 */
const prototypeKeys: BodyCheck = {
  entry: (key, item) => {
    if (key === '__proto__') return '';
    if (
      key === 'constructor' &&
      typeof item === 'object' &&
      item !== null &&
      Object.hasOwn(item, 'prototype')
    )
      return '.prototype';
    return null;
  },
};
