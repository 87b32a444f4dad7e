import type { ScanView } from '../api/scan-types.js';
import { noActivity, recordActivity, type DoorActivity } from './door-status.js';
import { AlertWatch, defaultAlertRules, type AlertRules, type ScanAlert } from './scan-alerts.js';
import { withinWindow } from './scan-minutes.js';

/** An alert as the monitor shows it. */
export interface MonitorAlert extends ScanAlert {
  /** Raised (or grown) by a scan that arrived live: sound it. History only shows it. */
  loud: boolean;
  acknowledged: boolean;
}

export interface MonitorSnapshot {
  /** Scans made in the chart's window (last 60 minutes), in arrival order. */
  windowScans: ScanView[];
  /** The most recent scans, newest first. */
  latest: ScanView[];
  /** Per door: key is the device id, or `noDeviceKey` for scans made with a till or API key. */
  activity: Record<string, DoorActivity>;
  /** Newest first. */
  alerts: MonitorAlert[];
  /** Goes up each time a loud alert is raised or grows: the screen sounds the alarm on a change. */
  alarmSerial: number;
  /** Scans taken in since the monitor started (history and live), duplicates excluded. */
  seen: number;
}

export const noDeviceKey = '(no device)';

export interface MonitorOptions {
  rules?: AlertRules;
  latestSize?: number;
  windowMinutes?: number;
  /** Alerts found while reading history are shown only if this recent (ms): old news is not news. */
  historyAlertMs?: number;
}

/**
 * What the scan monitor shows of recent scans (chart, latest, doors, alerts), built from scans fed
 * in once each: the last hour read from `GET /v2/scans?since=` and the live feed, which overlap around the moment of connecting, so every scan
 * is taken by id exactly once. No I/O here; the store feeds it and copies out snapshots.
 */
export class MonitorModel {
  private readonly watch: AlertWatch;
  private readonly ids = new Set<string>();
  private windowScans: ScanView[] = [];
  private latest: ScanView[] = [];
  private activity: Record<string, DoorActivity> = {};
  private alerts = new Map<string, MonitorAlert>();
  private alarmSerial = 0;
  private readonly latestSize: number;
  private readonly windowMinutes: number;
  private readonly historyAlertMs: number;

  constructor(options: MonitorOptions = {}) {
    this.watch = new AlertWatch(options.rules ?? defaultAlertRules);
    this.latestSize = options.latestSize ?? 30;
    this.windowMinutes = options.windowMinutes ?? 60;
    this.historyAlertMs = options.historyAlertMs ?? 15 * 60_000;
  }

  /** Feeds scans oldest first; answers how many were new. */
  ingest(scans: readonly ScanView[], how: { live: boolean; now: number }): number {
    let fresh = 0;
    const windowFrom = how.now - this.windowMinutes * 60_000;
    const arrived: ScanView[] = [];
    for (const scan of scans) {
      if (this.ids.has(scan.id)) continue;
      this.ids.add(scan.id);
      fresh++;
      const key = scan.device_id ?? noDeviceKey;
      this.activity[key] = recordActivity(this.activity[key] ?? noActivity, scan);
      if (Date.parse(scan.scanned_at) >= windowFrom) this.windowScans.push(scan);
      arrived.push(scan);
      for (const alert of this.watch.check(scan)) this.raise(alert, how);
    }
    if (arrived.length > 0) {
      this.latest = [...arrived.slice(-this.latestSize).reverse(), ...this.latest].slice(0, this.latestSize);
      this.activity = { ...this.activity };
    }
    return fresh;
  }

  private raise(alert: ScanAlert, how: { live: boolean; now: number }): void {
    const known = this.alerts.get(alert.id);
    if (!how.live && !known && alert.lastAt < how.now - this.historyAlertMs) return;
    const shown: MonitorAlert = {
      ...alert,
      loud: how.live || (known?.loud ?? false),
      // A burst that grows while someone watches is news again.
      acknowledged: how.live ? false : (known?.acknowledged ?? false),
    };
    this.alerts.delete(alert.id);
    this.alerts.set(alert.id, shown);
    if (how.live) this.alarmSerial++;
  }

  acknowledge(id: string): void {
    const alert = this.alerts.get(id);
    if (alert) this.alerts.set(id, { ...alert, acknowledged: true });
  }

  acknowledgeAll(): void {
    for (const [id, alert] of this.alerts) this.alerts.set(id, { ...alert, acknowledged: true });
  }

  /** Forgets chart scans that slid out of the window. */
  prune(now: number): void {
    this.windowScans = withinWindow(this.windowScans, now, this.windowMinutes);
  }

  snapshot(): MonitorSnapshot {
    return {
      windowScans: [...this.windowScans],
      latest: this.latest,
      activity: this.activity,
      alerts: [...this.alerts.values()].reverse(),
      alarmSerial: this.alarmSerial,
      seen: this.ids.size,
    };
  }
}
