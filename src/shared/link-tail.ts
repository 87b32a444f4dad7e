/**
 * A link pasted into chat or mail often comes back with what followed it stuck on the end: a full
 * stop, a closing bracket or quote, markdown's `*` or `_`, a slash. Ids and wallet secrets end in a
 * letter or digit (base62), so that tail is never part of one. The server's pages and the wallet's
 * offline copy (src/wallet) read links by the same rule.
 */
export function withoutTrailingPunctuation(value: string): string {
  return value.replace(/[^A-Za-z0-9]+$/, '');
}
