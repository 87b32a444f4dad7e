/** Where a door keeps when it lost the server, so a reload while offline does not restart the count. */
export const offlineSinceKey = 'marquee.door.offlineSince';

/**
 * When this offline spell began: the one kept from before a reload, when there is one from the
 * past (a clock set back, or a value from another day, starts afresh), else now.
 */
export function offlineSpellStart(
  stored: string | null,
  now: number,
  maxAgeMs = 24 * 60 * 60 * 1000,
): number {
  const kept = stored === null ? NaN : Number(stored);
  return Number.isFinite(kept) && kept <= now && now - kept <= maxAgeMs ? kept : now;
}
