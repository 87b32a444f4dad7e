import { describe, expect, it } from 'vitest';
import type { DeviceView } from '../../../src/renderer/src/api/scan-types.js';
import {
  doorStatus,
  listDoors,
  noActivity,
  recordActivity,
} from '../../../src/renderer/src/lib/door-status.js';
import { formatClock } from '../../../src/renderer/src/lib/humanize.js';

const now = new Date(2026, 11, 24, 21, 0, 0).getTime();
const iso = (ms: number) => new Date(ms).toISOString();
const device = (over: Partial<DeviceView> = {}): DeviceView => ({
  id: 'dev_a',
  name: 'Door A',
  scope: 'scanner',
  event_id: null,
  api_key_id: 'key_1',
  created_at: iso(now - 3_600_000),
  last_seen_at: null,
  revoked_at: null,
  online: false,
  ...over,
});

describe('doorStatus', () => {
  it('is online when heard from within 2 minutes', () => {
    expect(doorStatus(device({ last_seen_at: iso(now - 119_000) }), noActivity, now)).toMatchObject({
      state: 'online',
      label: 'online',
    });
  });

  it('says since when a quiet door has been offline, as a wall-clock time', () => {
    const lastSeen = new Date(2026, 11, 24, 20, 41, 10).getTime();
    const status = doorStatus(device({ last_seen_at: iso(lastSeen) }), noActivity, now);
    expect(status).toMatchObject({
      state: 'offline',
      label: `offline since ${formatClock(lastSeen)}`,
      lastSeenAt: lastSeen,
    });
    expect(status.label).toBe('offline since 20:41');
  });

  it('names the day when the door went quiet on another day', () => {
    const yesterday = new Date(2026, 11, 23, 22, 5).getTime();
    expect(doorStatus(device({ last_seen_at: iso(yesterday) }), noActivity, now).label).toBe(
      'offline since 23 Dec 22:05',
    );
  });

  it('a scan seen on the feed counts as contact before the device list catches up', () => {
    const activity = { ...noActivity, lastHeardAt: now - 5_000 };
    expect(doorStatus(device({ last_seen_at: iso(now - 600_000) }), activity, now).state).toBe('online');
  });

  it('never connected, and revoked', () => {
    expect(doorStatus(device(), noActivity, now)).toMatchObject({ state: 'never', label: 'never connected' });
    expect(doorStatus(device({ revoked_at: iso(now), last_seen_at: iso(now) }), noActivity, now).state).toBe(
      'revoked',
    );
  });
});

describe('recordActivity', () => {
  it('keeps the last contact, the last sync and the counts', () => {
    let a = recordActivity(noActivity, {
      created_at: iso(now - 60_000),
      source: 'online',
      result: 'admitted',
      direction: 'in',
    });
    a = recordActivity(a, {
      created_at: iso(now - 10_000),
      source: 'sync',
      result: 'rejected',
      direction: 'in',
    });
    a = recordActivity(a, {
      created_at: iso(now - 30_000),
      source: 'online',
      result: 'admitted',
      direction: 'out',
    });
    expect(a).toEqual({ lastHeardAt: now - 10_000, lastSyncAt: now - 10_000, admitted: 1, rejected: 1 });
    // A sync conflict let someone in offline: it is not one more turned away.
    a = recordActivity(a, {
      created_at: iso(now - 5_000),
      source: 'sync',
      result: 'rejected',
      direction: 'in',
      conflict: true,
    });
    expect(a.rejected).toBe(1);
  });
});

describe('listDoors', () => {
  it('shows the event’s doors and doors only known from scans, not revoked ones', () => {
    const devices = [
      device({ id: 'dev_a', name: 'Door A', event_id: 'evt_1' }),
      device({ id: 'dev_b', name: 'Door B', event_id: 'evt_2' }),
      device({ id: 'dev_c', name: 'Roaming', event_id: null }),
      device({ id: 'dev_d', name: 'Old', revoked_at: iso(now) }),
    ];
    const rows = listDoors(devices, { dev_x: noActivity, '(none)': noActivity }, 'evt_1', '(none)');
    expect(rows.map((r) => r.name)).toEqual(['Door A', 'Roaming', 'dev_x', 'Tills and API keys (no device)']);
    expect(listDoors(devices, {}, null, '(none)').map((r) => r.key)).toEqual(['dev_a', 'dev_b', 'dev_c']);
  });
});
