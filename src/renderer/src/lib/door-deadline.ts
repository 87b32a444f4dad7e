import { isDeadlineMs } from '../../../scanner/deadline.js';
import type { KeyValueStorage } from '../../../scanner/stored-device-state.js';

/**
 * This browser's door deadline in ms: how long it waits for the venue server's verdict before
 * deciding from its door pack. Unset (every real door), the SDK's 300 ms (onlineDeadlineMs).
 * The e2e tests store a generous one (test/e2e/pages/door-page.ts), so a slow test machine still
 * gets the server's answer; a venue with slow Wi-Fi could too. Kept across an unpair: it belongs
 * to the browser, not to the pairing.
 */
export const doorDeadlineKey = 'marquee.door.deadlineMs';

/** The stored deadline, or undefined (the SDK default) when none is set or it is out of range. */
export function storedDeadlineMs(storage: KeyValueStorage): number | undefined {
  const text = storage.getItem(doorDeadlineKey);
  if (text === null) return undefined;
  const ms = Number(text);
  return isDeadlineMs(ms) ? ms : undefined;
}
