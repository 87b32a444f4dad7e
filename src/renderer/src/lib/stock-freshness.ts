/** After this long without a fresh read (three missed refreshes) the counts are said to be old. */
export const staleAfterMs = 45_000;

/**
 * How fresh the till's "N left" counts are, in words under the tiles: other tills, the kiosk and
 * online sales sell from the same tiers, and the tiles are read again only every 15 s (and not
 * while a sale is being paid), so the seller must know what the figure is worth. The server still
 * decides every sale. Null before the first read.
 */
export function stockFreshWords(readAt: number | undefined, now: number): string | null {
  if (readAt === undefined) return null;
  const seconds = Math.max(0, Math.round((now - readAt) / 1000));
  if (seconds < 5) return 'Counts read just now.';
  if (now - readAt < staleAfterMs) return `Counts read ${seconds} s ago.`;
  const minutes = Math.floor(seconds / 60);
  const age = minutes < 1 ? `${seconds} s` : `${minutes} min`;
  return `Counts read ${age} ago: other tills may have sold since. The sale is checked when completed.`;
}
