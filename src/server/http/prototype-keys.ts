import { ApiError } from '../errors.js';

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
  const path = prototypeKeyPath(value, '');
  if (path === null) return null;
  return new ApiError(
    400,
    'invalid_json',
    `The field ${path} is not allowed: no request takes a key that names an object's prototype.`,
    path,
  );
}

/** The path (`__proto__`, `tickets[0].__proto__`, `constructor.prototype`) of the first such key. */
function prototypeKeyPath(value: unknown, path: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = prototypeKeyPath(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (key === '__proto__') return itemPath;
    if (
      key === 'constructor' &&
      typeof item === 'object' &&
      item !== null &&
      Object.hasOwn(item, 'prototype')
    )
      return `${itemPath}.prototype`;
    const found = prototypeKeyPath(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
