import type { DeviceView, ScanView } from '../api/scan-types.js';
import { formatSince } from './humanize.js';

/** The server calls a device online when it was heard from in the last 2 minutes (docs/api.md). */
export const onlineWindowMs = 120_000;

/** What the monitor learned about one door from the scans it saw. */
export interface DoorActivity {
  /** When the server recorded this door's latest scan (its `created_at`), ms. */
  lastHeardAt: number | null;
  /** When the door last uploaded offline scans (the latest `source: sync` scan's `created_at`), ms. */
  lastSyncAt: number | null;
  admitted: number;
  rejected: number;
}

export const noActivity: DoorActivity = { lastHeardAt: null, lastSyncAt: null, admitted: 0, rejected: 0 };

export type DoorState = 'online' | 'offline' | 'never' | 'revoked';

export interface DoorStatus {
  state: DoorState;
  /** "online", "offline since 20:41", "never connected", "revoked". */
  label: string;
  /** Last contact, ms; null when never. */
  lastSeenAt: number | null;
}

type Seen = Pick<DeviceView, 'last_seen_at' | 'revoked_at'>;

/**
 * Online or "offline since 20:41", judged here against the clock rather than taken from the
 * device list's `online` flag: the list is polled, and a door must turn "offline" on the screen
 * the minute it goes quiet, not at the next poll. A scan seen on the live feed counts as contact
 * too, so a busy door never flickers offline between polls.
 */
export function doorStatus(device: Seen | null, activity: DoorActivity, now: number): DoorStatus {
  if (device?.revoked_at) return { state: 'revoked', label: 'revoked', lastSeenAt: null };
  const listed = device?.last_seen_at ? Date.parse(device.last_seen_at) : Number.NaN;
  const candidates = [listed, activity.lastHeardAt ?? Number.NaN].filter((t) => !Number.isNaN(t));
  if (candidates.length === 0) return { state: 'never', label: 'never connected', lastSeenAt: null };
  const lastSeenAt = Math.max(...candidates);
  if (now - lastSeenAt < onlineWindowMs) return { state: 'online', label: 'online', lastSeenAt };
  return { state: 'offline', label: `offline since ${formatSince(lastSeenAt, now)}`, lastSeenAt };
}

/** Folds one scan into its door's activity. */
export function recordActivity(
  activity: DoorActivity,
  scan: Pick<ScanView, 'created_at' | 'source' | 'result' | 'direction'> &
    Partial<Pick<ScanView, 'conflict'>>,
): DoorActivity {
  const at = Date.parse(scan.created_at);
  const heard = Number.isNaN(at) ? activity.lastHeardAt : Math.max(activity.lastHeardAt ?? 0, at);
  const synced =
    scan.source === 'sync' && !Number.isNaN(at)
      ? Math.max(activity.lastSyncAt ?? 0, at)
      : activity.lastSyncAt;
  return {
    lastHeardAt: heard,
    lastSyncAt: synced,
    admitted: activity.admitted + (scan.result === 'admitted' && scan.direction === 'in' ? 1 : 0),
    // A sync conflict let someone in offline: not turned away (see scan-minutes.ts).
    rejected: activity.rejected + (scan.result === 'rejected' && !scan.conflict ? 1 : 0),
  };
}

/** One row of the door table: a paired device, or a door only known from its scans. */
export interface DoorRow {
  key: string;
  name: string;
  device: DeviceView | null;
  activity: DoorActivity;
}

/**
 * The doors to show for an event (null: every event): paired devices that are not revoked and
 * serve that event or any, then any door seen in the scans but not in the device list (a key
 * that cannot list devices, or scans made with a till key).
 */
export function listDoors(
  devices: readonly DeviceView[] | null,
  activity: Readonly<Record<string, DoorActivity>>,
  eventId: string | null,
  noDeviceKey: string,
): DoorRow[] {
  const rows: DoorRow[] = [];
  const listed = new Set<string>();
  for (const device of devices ?? []) {
    listed.add(device.id);
    if (device.revoked_at && !activity[device.id]) continue;
    if (eventId !== null && device.event_id !== null && device.event_id !== eventId) continue;
    rows.push({ key: device.id, name: device.name, device, activity: activity[device.id] ?? noActivity });
  }
  for (const [key, seen] of Object.entries(activity)) {
    if (listed.has(key)) continue;
    rows.push({
      key,
      name: key === noDeviceKey ? 'Tills and API keys (no device)' : key,
      device: null,
      activity: seen,
    });
  }
  return rows;
}
