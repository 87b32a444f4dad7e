import { describe, expect, it } from 'vitest';
import type { ScanView } from '../../../src/renderer/src/api/scan-types.js';
import { scanViews } from '../../support/scan-views.js';
import { MonitorModel, noDeviceKey } from '../../../src/renderer/src/lib/monitor-model.js';

const now = Date.parse('2026-12-24T20:30:00Z');
const scan = scanViews(now);

describe('MonitorModel', () => {
  it('takes the history and the live feed once each where they overlap', () => {
    const model = new MonitorModel();
    const history = [scan({ ago: 600 }), scan({ ago: 300 }), scan({ ago: 5 })];
    const live = [history[2] as ScanView, scan({ ago: 1 })];
    expect(model.ingest(history, { live: false, now })).toBe(3);
    expect(model.ingest(live, { live: true, now })).toBe(1);
    const snap = model.snapshot();
    expect(snap.seen).toBe(4);
    expect(snap.latest.map((s) => s.id)).toEqual([
      live[1]?.id,
      history[2]?.id,
      history[1]?.id,
      history[0]?.id,
    ]);
  });

  it('keeps an hour of scans for the chart, and lets older ones slide out', () => {
    const model = new MonitorModel();
    model.ingest([scan({ ago: 2 * 3600 }), scan({ ago: 3500 }), scan({ ago: 10 })], { live: false, now });
    expect(model.snapshot().windowScans).toHaveLength(2);
    model.prune(now + 200_000);
    expect(model.snapshot().windowScans).toHaveLength(1);
  });

  it('counts per door, with scans made without a device under their own key', () => {
    const model = new MonitorModel();
    model.ingest(
      [
        scan(),
        scan({ result: 'rejected', reason: 'voided' }),
        scan({ device_id: null }),
        scan({ source: 'sync', ago: 30 }),
      ],
      { live: true, now },
    );
    const { activity } = model.snapshot();
    expect(activity.dev_a).toMatchObject({ admitted: 2, rejected: 1, lastSyncAt: now - 30_000 });
    expect(activity[noDeviceKey]).toMatchObject({ admitted: 1, rejected: 0 });
  });

  it('a live alert is loud and rings the alarm; acknowledging quiets it until it grows', () => {
    const model = new MonitorModel();
    const reject = (ago: number) => scan({ result: 'rejected', reason: 'unknown_ticket', ago });
    model.ingest([reject(30), reject(20), reject(10)], { live: true, now });
    let snap = model.snapshot();
    expect(snap.alerts).toHaveLength(1);
    expect(snap.alerts[0]).toMatchObject({ kind: 'rejections', count: 3, loud: true, acknowledged: false });
    const rings = snap.alarmSerial;
    expect(rings).toBeGreaterThan(0);
    model.acknowledge(snap.alerts[0]?.id ?? '');
    expect(model.snapshot().alerts[0]?.acknowledged).toBe(true);
    model.ingest([reject(5)], { live: true, now });
    snap = model.snapshot();
    expect(snap.alerts[0]).toMatchObject({ count: 4, acknowledged: false });
    expect(snap.alarmSerial).toBe(rings + 1);
  });

  it('alerts found in the history are shown quietly when recent and dropped when old', () => {
    const model = new MonitorModel();
    model.ingest(
      [
        scan({ conflict: true, result: 'rejected', reason: 'already_scanned', ago: 3600 }),
        scan({ conflict: true, result: 'rejected', reason: 'already_scanned', ago: 60 }),
      ],
      { live: false, now },
    );
    const snap = model.snapshot();
    expect(snap.alerts).toHaveLength(1);
    expect(snap.alerts[0]).toMatchObject({ kind: 'conflict', loud: false });
    expect(snap.alarmSerial).toBe(0);
  });

  it('a sync conflict that arrives live is loud whatever its age', () => {
    const model = new MonitorModel();
    model.ingest(
      [scan({ conflict: true, result: 'rejected', reason: 'already_scanned', source: 'sync', ago: 7200 })],
      {
        live: true,
        now,
      },
    );
    expect(model.snapshot().alerts[0]).toMatchObject({ kind: 'conflict', loud: true });
    model.acknowledgeAll();
    expect(model.snapshot().alerts.every((a) => a.acknowledged)).toBe(true);
  });
});
