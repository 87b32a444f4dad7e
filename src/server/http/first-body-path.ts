/**
 * What a body check looks for in a parsed JSON body. `value` is asked of every value (the body
 * itself, each item, each field's value); `entry` of every field of every object, before its value
 * is walked. `entry` answers null to pass the field, or what to add to the field's path to name it
 * (`''` for the field itself, `'.prototype'` for a key inside it).
 */
export interface BodyCheck {
  value?: (value: unknown) => boolean;
  entry?: (key: string, item: unknown) => string | null;
}

/**
 * The path (`buyer.name`, `tickets[1].__proto__`) of the first place in `value` that `check`
 * flags, in the body's own order; `''` for the body itself, null when nothing is flagged. Used only
 * on a body already known to hold something (a refused parse, an escape in its text), so a
 * checkout's body is never walked.
 */
export function firstBodyPath(value: unknown, check: BodyCheck, path = ''): string | null {
  if (check.value?.(value)) return path;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstBodyPath(item, check, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    const flagged = check.entry?.(key, item) ?? null;
    if (flagged !== null) return `${itemPath}${flagged}`;
    const found = firstBodyPath(item, check, itemPath);
    if (found !== null) return found;
  }
  return null;
}
