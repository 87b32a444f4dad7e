/**
 * Whether this door's clock agrees with the venue server's. Codes are judged at the door's time:
 * online the door reports when it scanned (`scanned_at`), offline it decides by its own clock,
 * and a code is good only within 30 s of its 5-minute window (CONTRACT.md "Ticket tokens"). A
 * tablet a few minutes wrong would refuse valid phones as "expired" or "not valid yet" and the
 * steward would blame the guest's phone. So the door scans on the server's time once it has
 * seen it (`correctedNow`), and says its clock is wrong until someone sets it.
 */

import { clockIsOff, howFarOff } from '../../../scanner/door-clock.js';

// The measuring and correcting are the SDK's (the Node door does the same); the words are the page's.
export { clockOffsetMs, clockToleranceMs, correctedNow } from '../../../scanner/door-clock.js';

/** The warning for a door whose clock is off by more than the tolerance; null when it agrees. */
export function clockWarning(offsetMs: number | null): string | null {
  if (!clockIsOff(offsetMs)) return null;
  const side = offsetMs > 0 ? 'behind' : 'ahead of';
  return `This device’s clock is ${howFarOff(offsetMs)} ${side} the venue server’s. The door scans by the server’s time meanwhile, but set this device’s date and time to automatic (or correct them).`;
}

/** Where the door keeps the offset it last measured, so a reload without signal still corrects. */
export const clockOffsetKey = 'marquee.door.clockOffsetMs';

/** The kept offset; null when none (or junk) is kept. */
export function storedClockOffset(storage: { getItem(key: string): string | null }): number | null {
  const kept = storage.getItem(clockOffsetKey);
  const value = kept === null ? Number.NaN : Number(kept);
  return Number.isFinite(value) ? value : null;
}
