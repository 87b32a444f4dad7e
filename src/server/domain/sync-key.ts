import { createHash } from 'node:crypto';
import type { ScansRepo } from '../store/scans-repo.js';

/**
 * Same device, same token, same moment: the same scan, however often it is uploaded. An online
 * scan that names its moment (`scanned_at`) carries the key too, so the offline copy a door
 * queued when the answer was lost on the Wi-Fi is recognised at sync as that scan, not as a
 * second one.
 */
export function syncKey(deviceId: string, token: string, scannedAt: number): string {
  return createHash('sha256').update(`${deviceId}\n${scannedAt}\n${token}`).digest('hex');
}

/**
 * A manual check-in is keyed by its ticket and the steward's reason as a code is by its token: a
 * retried upload matches, while a second check-in of the same guest in the same millisecond (a
 * fast door, a steward tapping twice with another reason) stays a second attempt. An online
 * check-in that names its moment carries this key too, for the same reason as a scan.
 */
export function manualSyncKey(deviceId: string, ticketId: string, note: string, scannedAt: number): string {
  return syncKey(deviceId, `manual:${ticketId}\n${note}`, scannedAt);
}

/**
 * The key an online attempt is recorded under, when its door named the moment: none when an
 * earlier attempt holds it already (the same moment asked twice is two attempts; only the first
 * can be the copy the door queued).
 */
export function unclaimedSyncKey(
  key: string | undefined,
  scans: Pick<ScansRepo, 'bySyncKey'>,
): { syncKey?: string } {
  return key !== undefined && !scans.bySyncKey(key) ? { syncKey: key } : {};
}
