import { createHash } from 'node:crypto';

/**
 * Same device, same token, same moment: the same scan, however often it is uploaded. An online
 * scan that names its moment (`scanned_at`) carries the key too, so the offline copy a door
 * queued when the answer was lost on the Wi-Fi is recognised at sync as that scan, not as a
 * second one.
 */
export function syncKey(deviceId: string, token: string, scannedAt: number): string {
  return createHash('sha256').update(`${deviceId}\n${scannedAt}\n${token}`).digest('hex');
}
