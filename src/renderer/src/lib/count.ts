/**
 * A count of people or tickets as staff read it at a glance: "13,327", not "13327". A big night's
 * figures have five digits, and money beside them already has its separators.
 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 ticket", "2,500 tickets": a count with its noun, singular for one (nouns with a plain -s). */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}
