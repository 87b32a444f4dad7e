/**
 * A count of people or tickets as staff read it at a glance: "13,327", not "13327". A big night's
 * figures have five digits, and money beside them already has its separators.
 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
