/**
 * Double admissions as the door keeps them: the same ticket let in at two doors while they were
 * offline. The server names both entries (`double_admission` beside `conflict: true`, on the
 * sync's answer and on the scan feed); the door whose entry lost hears it from its sync, the door
 * whose entry counted from the feed, so a steward at either door can go and look.
 */
import type { ScanView } from './api-types.js';
import type { ConflictRecord, DoorEntry, DoubleAdmission } from './device-state.js';

type WireDoubleAdmission = NonNullable<ScanView['double_admission']>;

const entryOf = (wire: WireDoubleAdmission['counted']): DoorEntry => ({
  scanId: wire.scan_id,
  deviceId: wire.device_id,
  deviceName: wire.device_name,
  scannedAt: Date.parse(wire.scanned_at),
});

/** The server's pair in the SDK's words; undefined when it named none. */
export function doubleAdmissionOf(wire: WireDoubleAdmission | undefined): DoubleAdmission | undefined {
  return wire ? { counted: entryOf(wire.counted), conflicting: entryOf(wire.conflicting) } : undefined;
}

/**
 * The conflict record of another door's conflicting entry, seen on the feed, when the entry the
 * server counts is this door's: this door's steward let in one of two people on one ticket. Null
 * for any other scan, and for a pair this door already recorded (a feed read again after a
 * reconnect or a restart).
 */
export function countedHereConflict(
  scan: ScanView,
  ownDeviceId: string | null,
  known: readonly ConflictRecord[],
  recordedAt: number,
): ConflictRecord | null {
  const pair = doubleAdmissionOf(scan.double_admission);
  if (!scan.conflict || !pair || ownDeviceId === null) return null;
  if (pair.counted.deviceId !== ownDeviceId || pair.conflicting.deviceId === ownDeviceId) return null;
  if (known.some((c) => c.doubleAdmission?.conflicting.scanId === pair.conflicting.scanId)) return null;
  return {
    ticketId: scan.ticket_id,
    scannedAt: pair.counted.scannedAt,
    localResult: 'admitted',
    serverResult: 'admitted',
    serverReason: null,
    conflict: true,
    recordedAt,
    doubleAdmission: pair,
  };
}

const entryText = (entry: DoorEntry): string =>
  `${entry.deviceName ?? entry.deviceId ?? 'a till'} at ${new Date(entry.scannedAt).toISOString()}`;

/** The CLI's line for a double admission: "let in twice: at Door A at … (counted) and at Door B at …". */
export function doubleAdmissionText(pair: DoubleAdmission): string {
  return `let in twice: at ${entryText(pair.counted)} (counted) and at ${entryText(pair.conflicting)}`;
}
