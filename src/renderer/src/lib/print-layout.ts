/** A slip printed this long before doors (or after they opened) is for entry tonight. */
export const tonightWindowMs = 6 * 3_600_000;

/**
 * Whether a printed ticket is for entry now: the door QR on it scans for 5 minutes only, so it is
 * worth printing only when the holder walks to the door soon; otherwise only the wallet link is.
 */
export function doorsSoon(doorsAtIso: string, nowMs: number): boolean {
  const doorsAt = Date.parse(doorsAtIso);
  return Number.isNaN(doorsAt) || doorsAt - nowMs <= tonightWindowMs;
}
