import type { DoorFeedRepo, FeedRow } from '../store/door-feed-repo.js';
import type { Lifecycle } from '../lifecycle.js';
import type { FeedTicketChangeView, ScanView } from '../schemas/scans.js';
import { viewScan } from './scan-views.js';

/** One open `GET /v2/scans/stream` connection. */
export interface FeedListener {
  /** Only this event's entries; null for all. */
  eventId: string | null;
  /** The last feed seq this listener was sent (or chose to skip). */
  cursor: number;
  apiKeyId: string | null;
  /** Writes SSE text; false when the socket buffer is filling up. */
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the socket. */
  backlog(): number;
  end(): void;
  /** Called at every heartbeat: presence, and ending the stream if its key was revoked. */
  onHeartbeat?(): void;
}

export interface ScanFeedOptions {
  /** Cheap MAX(seq) check that catches rows written by code that does not call notify(). */
  pollMs?: number;
  heartbeatMs?: number;
  /** notify() calls within this window become one read per listener; 0: the same event-loop turn. */
  coalesceMs?: number;
  /** A listener that has not taken this many bytes is dropped; it reconnects with Last-Event-ID. */
  maxBacklogBytes?: number;
  /** The clock a feed's opening time is read from (makeRoomForKey). */
  now?: () => number;
  /** Builds each scan's record (DoubleAdmissions.view); the plain record without it. */
  describeScan?: (scan: NonNullable<FeedRow['scan']>) => ScanView;
}

const batchSize = 500;

/**
 * SSE text for one feed entry: `event: scan` with the scan (`describe` builds its record: the
 * server's names a conflict's two doors), or `event: ticket` with the change.
 */
export function formatFeedRow(
  row: FeedRow,
  describe: (scan: NonNullable<FeedRow['scan']>) => ScanView = viewScan,
): string {
  const data: ScanView | FeedTicketChangeView =
    row.kind === 'scan' && row.scan
      ? describe(row.scan)
      : {
          ticket_id: row.ticket_id,
          event_id: row.event_id,
          change: row.change,
          status: row.ticket_status,
        };
  return `id: ${row.seq}\nevent: ${row.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Fans the door feed out to SSE listeners. Services call notify() right after they commit, so
 * a scan reaches every screen within milliseconds; a 500 ms poll of MAX(seq) catches ticket
 * changes written by other services (the feed rows come from triggers). Each listener reads
 * from its own cursor, so a slow one never holds up the others.
 */
export class ScanFeed {
  /** Each open listener and when it opened; a Map keeps opening order, oldest first. */
  private readonly listeners = new Map<FeedListener, number>();
  private readonly paused = new Set<FeedListener>();
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly coalesceMs: number;
  private readonly maxBacklogBytes: number;
  private readonly now: () => number;
  private readonly describeScan: (scan: NonNullable<FeedRow['scan']>) => ScanView;
  private drainTimer: NodeJS.Timeout | null = null;
  private drainScheduled = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private seenSeq = 0;

  constructor(
    private readonly repo: DoorFeedRepo,
    lifecycle: Lifecycle,
    options: ScanFeedOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 500;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.coalesceMs = options.coalesceMs ?? 0;
    this.maxBacklogBytes = options.maxBacklogBytes ?? 4 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.describeScan = options.describeScan ?? viewScan;
    lifecycle.onStop('scan feed', () => this.closeAll());
  }

  get size(): number {
    return this.listeners.size;
  }

  currentSeq(): number {
    return this.repo.maxSeq();
  }

  /** Sends what the listener missed since its cursor, then keeps it posted. */
  add(listener: FeedListener): void {
    this.listeners.set(listener, this.now());
    this.startTimers();
    // After adding, so a listener dropped while catching up stays dropped.
    this.catchUp(listener);
  }

  remove(listener: FeedListener): void {
    this.listeners.delete(listener);
    this.paused.delete(listener);
    if (this.listeners.size === 0) this.stopTimers();
  }

  notify(): void {
    if (this.drainScheduled || this.listeners.size === 0) return;
    this.drainScheduled = true;
    const drain = () => {
      this.drainScheduled = false;
      this.drainTimer = null;
      this.drain();
    };
    // Once per event-loop turn by default: a burst of commits becomes one read per listener.
    if (this.coalesceMs === 0) setImmediate(drain);
    else this.drainTimer = setTimeout(drain, this.coalesceMs);
  }

  /** Feeds the key holds open now (the route caps them: routes/scan-stream.ts). */
  openForKey(apiKeyId: string): number {
    let open = 0;
    for (const listener of this.listeners.keys()) if (listener.apiKeyId === apiKeyId) open += 1;
    return open;
  }

  /**
   * Room for one more of the key's feeds under `max`: when it holds `max`, its oldest feed opened
   * more than `staleAfterMs` ago is ended. A door whose Wi-Fi drops reconnects while the server
   * still holds the dead connection (TCP gives up on unanswered heartbeats only after many
   * minutes), so a door on flaky Wi-Fi would otherwise lock its own key out. False when every
   * feed of the key is younger: a burst of opens is still refused.
   */
  makeRoomForKey(apiKeyId: string, max: number, staleAfterMs: number): boolean {
    if (this.openForKey(apiKeyId) < max) return true;
    for (const [listener, openedAt] of this.listeners) {
      if (listener.apiKeyId !== apiKeyId) continue;
      if (this.now() - openedAt <= staleAfterMs) return false;
      this.close(listener);
      return true;
    }
    return false;
  }

  closeForKey(apiKeyId: string): void {
    for (const listener of [...this.listeners.keys()]) {
      if (listener.apiKeyId === apiKeyId) this.close(listener);
    }
  }

  closeAll(): void {
    for (const listener of [...this.listeners.keys()]) this.close(listener);
    this.stopTimers();
  }

  private close(listener: FeedListener): void {
    this.remove(listener);
    listener.end();
  }

  /** The socket took everything written so far: go on where the listener left off. */
  resume(listener: FeedListener): void {
    if (!this.paused.delete(listener) || !this.listeners.has(listener)) return;
    this.catchUp(listener);
  }

  private drain(): void {
    this.seenSeq = this.repo.maxSeq();
    for (const listener of [...this.listeners.keys()]) {
      if (!this.paused.has(listener)) this.catchUp(listener);
    }
  }

  private catchUp(listener: FeedListener): void {
    for (;;) {
      const rows = this.repo.after(listener.cursor, listener.eventId, batchSize);
      if (rows.length === 0) return;
      const flowing = listener.write(rows.map((row) => formatFeedRow(row, this.describeScan)).join(''));
      listener.cursor = rows[rows.length - 1]!.seq;
      if (listener.backlog() > this.maxBacklogBytes) {
        this.close(listener);
        return;
      }
      if (!flowing) {
        // Wait for the socket's 'drain' (resume) instead of buffering the whole backlog.
        this.paused.add(listener);
        return;
      }
      if (rows.length < batchSize) return;
    }
  }

  private startTimers(): void {
    if (this.pollTimer === null) {
      this.seenSeq = this.repo.maxSeq();
      this.pollTimer = setInterval(() => {
        if (this.repo.maxSeq() > this.seenSeq) this.drain();
      }, this.pollMs);
      this.pollTimer.unref();
    }
    if (this.heartbeatTimer === null) {
      this.heartbeatTimer = setInterval(() => {
        for (const listener of [...this.listeners.keys()]) {
          listener.write(': heartbeat\n\n');
          listener.onHeartbeat?.();
        }
      }, this.heartbeatMs);
      this.heartbeatTimer.unref();
    }
  }

  private stopTimers(): void {
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    if (this.drainTimer !== null) {
      clearTimeout(this.drainTimer);
      this.drainScheduled = false;
    }
    this.pollTimer = this.heartbeatTimer = this.drainTimer = null;
  }
}
