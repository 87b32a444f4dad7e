import type { ScanView } from '../api/scan-types.js';

export type AdmittedBy = Record<ScanView['credential'], number>;

/** One event's figures as the server counted them (`GET /v2/scan/occupancy`). */
export interface ServerFigures {
  inside: number;
  admittedBy: AdmittedBy;
  /** The event's newest scan these figures count; null when it had none. */
  lastScanId: string | null;
}

export interface LiveFiguresSnapshot {
  inside: number;
  admittedBy: AdmittedBy;
}

const none = (): AdmittedBy => ({ rotating: 0, paper: 0, manual: 0 });

/**
 * Who is inside and how they were admitted: the server's count, plus the live feed's scans the
 * count does not hold yet. The server counts the whole log in one query, so opening the monitor
 * costs the same on a night of 50 scans or 50,000; nothing here replays the log.
 *
 * The feed is opened before the figures are read, so scans recorded in between arrive both ways.
 * The figures name the newest scan they count; the feed delivers scans in the order they were
 * recorded, so that scan and every one before it on the feed are already counted. A figures read
 * can overtake the feed (the named scan has not arrived yet): it is then awaited, and what the
 * feed brings up to it is dropped when it comes. Scans recorded before the feed opened never
 * arrive on it, so an awaited scan that never comes drops nothing, which is right for them too.
 *
 * One instance per feed connection: after a reconnect the feed's gap is unknown, so the store
 * starts a new one and reads the figures again.
 */
export class LiveFigures {
  private readonly figures = new Map<string, ServerFigures>();
  /** Per event: feed scans the server's figures do not count yet, in feed order. */
  private readonly uncounted = new Map<string, ScanView[]>();
  private readonly awaited = new Map<string, string>();
  private readonly fedIds = new Set<string>();

  /** Takes one scan from the live feed (each at most once; repeats are ignored). */
  feed(scan: ScanView): void {
    if (this.fedIds.has(scan.id) || scan.event_id === null) return;
    this.fedIds.add(scan.id);
    const list = this.uncounted.get(scan.event_id) ?? [];
    if (this.awaited.get(scan.event_id) === scan.id) {
      this.awaited.delete(scan.event_id);
      this.uncounted.set(scan.event_id, []);
      return;
    }
    list.push(scan);
    this.uncounted.set(scan.event_id, list);
  }

  /** Takes an event's figures as read from the server (at the start, and each later re-read). */
  setFigures(eventId: string, figures: ServerFigures): void {
    this.figures.set(eventId, figures);
    const list = this.uncounted.get(eventId) ?? [];
    const marker = figures.lastScanId;
    this.awaited.delete(eventId);
    if (marker === null) return;
    const at = list.findIndex((scan) => scan.id === marker);
    if (at >= 0) this.uncounted.set(eventId, list.slice(at + 1));
    // Fed before and dropped by an earlier read: everything still uncounted came after it.
    else if (!this.fedIds.has(marker)) this.awaited.set(eventId, marker);
  }

  /** Whether figures have been read for these events (every event the monitor shows). */
  has(eventId: string): boolean {
    return this.figures.has(eventId);
  }

  snapshot(): LiveFiguresSnapshot {
    let inside = 0;
    const admittedBy = none();
    const events = new Set([...this.figures.keys(), ...this.uncounted.keys()]);
    for (const eventId of events) {
      const base = this.figures.get(eventId);
      let eventInside = base?.inside ?? 0;
      for (const key of Object.keys(admittedBy) as (keyof AdmittedBy)[])
        admittedBy[key] += base?.admittedBy[key] ?? 0;
      for (const scan of this.uncounted.get(eventId) ?? []) {
        if (scan.result !== 'admitted' || scan.ticket_id === null) continue;
        if (scan.direction === 'in') {
          eventInside++;
          admittedBy[scan.credential]++;
          // The server also answers "admitted" to the exit of someone not inside, changing
          // nothing; the next figures read puts right a count taken down by one such exit.
        } else eventInside = Math.max(0, eventInside - 1);
      }
      inside += eventInside;
    }
    return { inside, admittedBy };
  }
}
