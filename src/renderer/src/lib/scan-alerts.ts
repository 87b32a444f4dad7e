import type { ScanView } from '../api/scan-types.js';

export type AlertKind = 'conflict' | 'rejections';

/** Something a supervisor must look at now: a double admission, or a door turning people away. */
export interface ScanAlert {
  id: string;
  kind: AlertKind;
  /** The door it happened at; null for scans made with a till or API key, not a paired device. */
  deviceId: string | null;
  ticketId: string | null;
  /** Rejections in the burst (1 for a conflict). */
  count: number;
  /** First and last scan of it, by when they were made (ms). */
  firstAt: number;
  lastAt: number;
  /** A conflict: the entry the server counts (another door's, or a till's), when the server named it. */
  counted?: { deviceId: string | null; at: number };
}

export interface AlertRules {
  /** This many rejections at one door… */
  rejectionThreshold: number;
  /** …within this span raise an alert. */
  windowMs: number;
}

export const defaultAlertRules: AlertRules = { rejectionThreshold: 3, windowMs: 60_000 };

type Watched = Pick<ScanView, 'id' | 'device_id' | 'ticket_id' | 'result' | 'conflict' | 'scanned_at'> &
  Partial<Pick<ScanView, 'double_admission'>>;

const doorKey = (deviceId: string | null) => deviceId ?? '(no device)';

/**
 * The monitor's alert rules, fed every scan once (history and live alike, in any order: a door
 * that syncs late delivers old scans). A conflict is always an alert. Rejections at one door raise
 * one alert when `rejectionThreshold` of them fall inside any `windowMs` span; more rejections
 * that overlap it grow that alert's count instead of raising a new one, so a queue of bad
 * tickets is one loud banner rather than a wall of them.
 */
export class AlertWatch {
  private readonly rejections = new Map<string, number[]>();
  private readonly bursts = new Map<string, ScanAlert[]>();
  private serial = 0;

  constructor(private readonly rules: AlertRules = defaultAlertRules) {}

  /** Answers the alerts this scan raised or grew (the same object, updated, when it grew one). */
  check(scan: Watched): ScanAlert[] {
    const at = Date.parse(scan.scanned_at);
    if (Number.isNaN(at)) return [];
    if (scan.conflict) {
      const counted = scan.double_admission?.counted;
      return [
        {
          id: `conflict:${scan.id}`,
          kind: 'conflict',
          deviceId: scan.device_id,
          ticketId: scan.ticket_id,
          count: 1,
          firstAt: at,
          lastAt: at,
          ...(counted
            ? { counted: { deviceId: counted.device_id, at: Date.parse(counted.scanned_at) } }
            : {}),
        },
      ];
    }
    if (scan.result !== 'rejected') return [];
    return this.rejection(doorKey(scan.device_id), scan.device_id, at);
  }

  private rejection(key: string, deviceId: string | null, at: number): ScanAlert[] {
    const { windowMs, rejectionThreshold } = this.rules;
    const times = this.rejections.get(key) ?? [];
    insertSorted(times, at);
    // Keep ten windows of history behind the newest: enough for late syncs, bounded for a long night.
    const newest = times[times.length - 1] ?? at;
    while (times.length > 0 && (times[0] ?? 0) < newest - 10 * windowMs) times.shift();
    this.rejections.set(key, times);

    const bursts = this.bursts.get(key) ?? [];
    const open = bursts.find((b) => at >= b.firstAt - windowMs && at <= b.lastAt + windowMs);
    if (open) {
      open.count += 1;
      open.firstAt = Math.min(open.firstAt, at);
      open.lastAt = Math.max(open.lastAt, at);
      return [open];
    }
    const span = densestSpanAround(times, at, windowMs);
    if (span.count < rejectionThreshold) return [];
    const alert: ScanAlert = {
      id: `rejections:${key}:${++this.serial}`,
      kind: 'rejections',
      deviceId,
      ticketId: null,
      count: span.count,
      firstAt: span.from,
      lastAt: span.to,
    };
    bursts.push(alert);
    this.bursts.set(key, bursts.slice(-20));
    return [alert];
  }
}

function insertSorted(list: number[], value: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] ?? 0) > value) i--;
  list.splice(i, 0, value);
}

/** The span of at most `windowMs` that holds `at` and the most other times (times sorted). */
function densestSpanAround(
  times: readonly number[],
  at: number,
  windowMs: number,
): { count: number; from: number; to: number } {
  let best = { count: 0, from: at, to: at };
  for (const start of times) {
    if (start < at - windowMs || start > at) continue;
    const inside = times.filter((t) => t >= start && t <= start + windowMs);
    if (inside.length > best.count) {
      best = { count: inside.length, from: start, to: inside[inside.length - 1] ?? start };
    }
  }
  return best;
}
