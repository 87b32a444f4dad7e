import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import type { NodeDoor } from '../../src/scanner/node-door.js';
import type { ConflictRecord } from '../../src/scanner/device-state.js';
import { eventually } from '../support/eventually.js';
import { Venue } from '../scanner/support/venue.js';

/**
 * Two stewards at two entrances, both offline (the venue Wi-Fi is down), each let in the same
 * ticket (a screenshot shared with a friend). When the doors sync, both must hear of it, naming
 * the other door and when: the door whose entry lost from its sync's answer, the door whose entry
 * counted from the scan feed it follows (as the door page does). Real server, real HTTP, two door
 * devices from src/scanner with their own SQLite state.
 */
let venue: Venue;
let eventId: string;
let tierId: string;
const feeds: AbortController[] = [];

type ScanListJson = { data: components['schemas']['Scan'][] };

/** A door whose monotonic clock, if given, runs apart from this process's. */
function pairedDoor(name: string, monotonicNow?: () => number): Promise<NodeDoor> {
  return venue.pairedDoor(eventId, name, monotonicNow ? { monotonicNow, monotonicRun: null } : {});
}

beforeAll(async () => {
  venue = await Venue.start();
  ({ eventId, tierId } = await venue.event());
});

afterAll(async () => {
  for (const feed of feeds) feed.abort();
  await venue?.close();
});

describe('one ticket let in at two offline doors', () => {
  it('after sync both doors know: the ticket, each door by name and when it let the ticket in', async () => {
    const [ticket] = await venue.sell(eventId, tierId);
    const doorA = await pairedDoor('Door A');
    // Door B's steward scans two minutes after Door A's (its clock carried forward, no waiting).
    let bLater = 0;
    const doorB = await pairedDoor('Door B', () => performance.now() + bLater);
    const feed = new AbortController();
    feeds.push(feed);
    let live = false;
    void doorA.device.follow({ signal: feed.signal, onStatus: (s) => (live = s === 'connected') });
    await eventually(() => (live ? true : undefined), 10_000, 'Door A on the scan feed');

    expect(await doorA.device.scan(ticket!.qr_token, { offline: true })).toMatchObject({
      result: 'admitted',
    });
    bLater = 120_000;
    expect(await doorB.device.scan(ticket!.qr_token, { offline: true })).toMatchObject({
      result: 'admitted',
    });

    expect(await doorA.device.sync()).toMatchObject({ uploaded: 1, admitted: 1, conflicts: 0 });
    expect(await doorB.device.sync()).toMatchObject({ uploaded: 1, admitted: 0, conflicts: 1 });

    // The server's record of the two entries: what both doors must be told.
    const scans = await venue.ok<ScanListJson>('GET', `/v2/scans?ticket_id=${ticket!.id}`);
    expect(scans.data.map((s) => [s.result, s.conflict])).toEqual([
      ['admitted', false],
      ['rejected', true],
    ]);
    const [counted, conflicting] = scans.data as [ScanListJson['data'][0], ScanListJson['data'][0]];
    expect(Date.parse(conflicting.scanned_at) - Date.parse(counted.scanned_at)).toBeGreaterThanOrEqual(
      119_000,
    );
    const pair = {
      counted: {
        scanId: counted.id,
        deviceId: doorA.device.pairing!.deviceId,
        deviceName: 'Door A',
        scannedAt: Date.parse(counted.scanned_at),
      },
      conflicting: {
        scanId: conflicting.id,
        deviceId: doorB.device.pairing!.deviceId,
        deviceName: 'Door B',
        scannedAt: Date.parse(conflicting.scanned_at),
      },
    };
    // The scan log (and the feed, the monitor's source) names both doors on the conflict.
    expect(conflicting.double_admission).toEqual({
      counted: {
        scan_id: counted.id,
        device_id: pair.counted.deviceId,
        device_name: 'Door A',
        scanned_at: counted.scanned_at,
      },
      conflicting: {
        scan_id: conflicting.id,
        device_id: pair.conflicting.deviceId,
        device_name: 'Door B',
        scanned_at: conflicting.scanned_at,
      },
    });
    expect(counted.double_admission).toBeUndefined();

    // Door B, whose entry lost: its sync said another door had admitted first, and which, when.
    expect(doorB.device.conflicts()).toEqual([
      expect.objectContaining({
        ticketId: ticket!.id,
        localResult: 'admitted',
        serverResult: 'rejected',
        serverReason: 'already_scanned',
        conflict: true,
        doubleAdmission: pair,
      }),
    ]);

    // Door A, whose entry counted: told by the feed, kept in its state like any conflict.
    const atA = await eventually(
      () => (doorA.device.conflicts().length > 0 ? doorA.device.conflicts() : undefined),
      10_000,
      'Door A to hear of the double admission',
    );
    expect(atA).toEqual([
      expect.objectContaining<Partial<ConflictRecord>>({
        ticketId: ticket!.id,
        scannedAt: pair.counted.scannedAt,
        localResult: 'admitted',
        serverResult: 'admitted',
        conflict: true,
        doubleAdmission: pair,
      }),
    ]);
    expect(doorA.device.status().conflicts).toBe(1);
  });

  it('a door reading the feed again (a restart, a reconnect) records the double admission once', async () => {
    const [ticket] = await venue.sell(eventId, tierId);
    const doorA = await pairedDoor('Door A2');
    const doorB = await pairedDoor('Door B2');
    await doorA.device.scan(ticket!.qr_token, { offline: true });
    await doorB.device.scan(ticket!.qr_token, { offline: true });
    await doorA.device.sync();
    await doorB.device.sync();

    // Door A follows only now, from its pack's cursor: the feed delivers the conflict; twice.
    for (let round = 0; round < 2; round++) {
      doorA.state.saveFeedCursor('0');
      const feed = new AbortController();
      feeds.push(feed);
      let delivered = false;
      void doorA.device.follow({
        signal: feed.signal,
        onScan: (scan) => (delivered ||= scan.ticket_id === ticket!.id && scan.conflict),
      });
      await eventually(() => (delivered ? true : undefined), 10_000, `the conflict on the feed (${round})`);
      feed.abort();
    }
    expect(doorA.device.conflicts()).toHaveLength(1);
    expect(doorA.device.conflicts()[0]!.doubleAdmission?.conflicting.deviceName).toBe('Door B2');
  });
});
