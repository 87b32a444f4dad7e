import { describe, expect, it } from 'vitest';
import { AlertWatch } from '../../../src/renderer/src/lib/scan-alerts.js';

let n = 0;
const scan = (
  device_id: string | null,
  seconds: number,
  result: 'admitted' | 'rejected' = 'rejected',
  conflict = false,
) => ({
  id: `scn_${++n}`,
  device_id,
  ticket_id: 'tik_1',
  result,
  conflict,
  scanned_at: new Date(Date.UTC(2026, 11, 24, 20, 0, 0) + seconds * 1000).toISOString(),
});

describe('AlertWatch', () => {
  it('raises one alert at the third rejection within 60 s at one door, and grows it after', () => {
    const watch = new AlertWatch();
    expect(watch.check(scan('dev_a', 0))).toEqual([]);
    expect(watch.check(scan('dev_a', 20))).toEqual([]);
    const [alert] = watch.check(scan('dev_a', 59));
    expect(alert).toMatchObject({ kind: 'rejections', deviceId: 'dev_a', count: 3 });
    const [grown] = watch.check(scan('dev_a', 70));
    expect(grown?.id).toBe(alert?.id);
    expect(grown?.count).toBe(4);
  });

  it('does not add up rejections at different doors, nor spread over more than 60 s', () => {
    const watch = new AlertWatch();
    expect(watch.check(scan('dev_a', 0))).toEqual([]);
    expect(watch.check(scan('dev_b', 1))).toEqual([]);
    expect(watch.check(scan('dev_a', 2))).toEqual([]);
    expect(watch.check(scan('dev_b', 3))).toEqual([]);
    expect(watch.check(scan('dev_a', 62.5))).toEqual([]);
  });

  it('ignores admissions', () => {
    const watch = new AlertWatch();
    for (let i = 0; i < 5; i++) expect(watch.check(scan('dev_a', i, 'admitted'))).toEqual([]);
  });

  it('finds a burst in scans synced late and out of order', () => {
    const watch = new AlertWatch();
    expect(watch.check(scan('dev_a', 300))).toEqual([]);
    expect(watch.check(scan('dev_a', 250))).toEqual([]);
    const [alert] = watch.check(scan('dev_a', 280));
    expect(alert).toMatchObject({ count: 3 });
    expect(alert?.firstAt).toBe(Date.UTC(2026, 11, 24, 20, 0, 0) + 250_000);
    expect(alert?.lastAt).toBe(Date.UTC(2026, 11, 24, 20, 0, 0) + 300_000);
  });

  it('a conflict is always its own alert, and is not counted as a door rejection', () => {
    const watch = new AlertWatch();
    const conflicted = scan('dev_b', 0, 'rejected', true);
    expect(watch.check(conflicted)).toEqual([
      expect.objectContaining({
        id: `conflict:${conflicted.id}`,
        kind: 'conflict',
        deviceId: 'dev_b',
        ticketId: 'tik_1',
      }),
    ]);
    expect(watch.check(scan('dev_b', 1))).toEqual([]);
    expect(watch.check(scan('dev_b', 2))).toEqual([]);
  });

  it('a conflict the server names keeps the door and moment of the entry that counted', () => {
    const watch = new AlertWatch();
    const conflicted = {
      ...scan('dev_b', 120, 'rejected', true),
      double_admission: {
        counted: {
          scan_id: 'scn_first',
          device_id: 'dev_a',
          device_name: 'Door A',
          scanned_at: '2026-12-24T20:00:00.000Z',
        },
        conflicting: {
          scan_id: 'scn_x',
          device_id: 'dev_b',
          device_name: 'Door B',
          scanned_at: '2026-12-24T20:02:00.000Z',
        },
      },
    };
    expect(watch.check(conflicted)).toEqual([
      expect.objectContaining({
        kind: 'conflict',
        deviceId: 'dev_b',
        counted: { deviceId: 'dev_a', at: Date.UTC(2026, 11, 24, 20, 0, 0) },
      }),
    ]);
  });

  it('groups scans made without a device as one door', () => {
    const watch = new AlertWatch({ rejectionThreshold: 2, windowMs: 10_000 });
    expect(watch.check(scan(null, 0))).toEqual([]);
    expect(watch.check(scan(null, 5))).toEqual([expect.objectContaining({ deviceId: null, count: 2 })]);
  });
});
