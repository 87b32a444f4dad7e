import { backoffDelay } from '../lib/backoff.js';
import { initialFeedStatus, type FeedStatus } from '../lib/feed-status.js';
import type { ScanView, TicketChange } from './scan-types.js';

/** The part of a feed message this uses (the browser's MessageEvent has it). */
export interface FeedMessage {
  data: string;
  lastEventId: string;
}

/** The part of EventSource this uses: the browser's, or a stand-in in tests. */
export interface EventSourceLike {
  onopen: ((this: never, ev: Event) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
  addEventListener(type: 'scan' | 'ticket', listener: (ev: FeedMessage) => void): void;
  close(): void;
}

export interface FeedHandlers {
  /**
   * The stream is open. `resumed` is false when it started at "now" (first connect, or nothing
   * was received before the drop): the caller must then read the scan log to fill what came
   * before; the feed counts as live once the returned promise settles.
   */
  onOpen(resumed: boolean): Promise<void> | void;
  onScan(scan: ScanView, seq: string): void;
  onTicket(change: TicketChange, seq: string): void;
  onStatus(status: FeedStatus): void;
}

export interface FeedOptions {
  baseUrl: string;
  eventId: string | null;
  /** A fresh `POST /v2/scans/stream_token` answer's `url` (a path with the token in its query). */
  streamPath(eventId: string | null): Promise<string>;
  open(url: string): EventSourceLike;
  handlers: FeedHandlers;
  /** Replay is over once the stream has been quiet this long after a reconnect. */
  quietMs?: number;
  backoff?: (attempt: number) => number;
  now?: () => number;
}

/**
 * The monitor's connection to `GET /v2/scans/stream`, reconnecting by itself. EventSource would
 * retry on its own, but with the same URL: after a server restart its stream token is gone (they
 * live in memory) and every retry would fail. So each error closes the source, waits an
 * exponential backoff, asks for a fresh token and reopens with `last_event_id` = the last id
 * received, and the server replays everything missed in between.
 */
export class ScanFeedConnection {
  private source: EventSourceLike | null = null;
  private lastSeq: string | null = null;
  private status: FeedStatus = initialFeedStatus;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private stopped = false;
  private readonly quietMs: number;
  private readonly backoff: (attempt: number) => number;
  private readonly now: () => number;

  constructor(private readonly options: FeedOptions) {
    this.quietMs = options.quietMs ?? 400;
    this.backoff = options.backoff ?? ((attempt) => backoffDelay(attempt));
    this.now = options.now ?? Date.now;
  }

  /** The id of the last feed entry received: where a reconnect resumes. */
  get lastEventId(): string | null {
    return this.lastSeq;
  }

  start(): void {
    this.stopped = false;
    this.update({ phase: 'connecting' });
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.closeSource();
    this.clearTimers();
    this.update({ ...initialFeedStatus });
  }

  /** Skips the rest of the backoff wait (a "Reconnect now" button). */
  reconnectNow(): void {
    if (this.stopped || this.status.phase !== 'reconnecting') return;
    this.clearTimers();
    this.update({ retryAt: null });
    void this.connect();
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    let path: string;
    try {
      path = await this.options.streamPath(this.options.eventId);
    } catch (err) {
      if (generation === this.generation) this.lost(err instanceof Error ? err.message : String(err));
      return;
    }
    if (generation !== this.generation || this.stopped) return;
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const resume = this.lastSeq === null ? '' : `&last_event_id=${encodeURIComponent(this.lastSeq)}`;
    const source = this.options.open(`${base}${path}${resume}`);
    this.source = source;
    const current = () => generation === this.generation && !this.stopped;

    source.onopen = () => {
      if (!current()) return;
      const resumed = this.lastSeq !== null;
      this.update({
        phase: resumed ? 'catching_up' : 'loading',
        attempt: 0,
        retryAt: null,
        replayed: 0,
        error: null,
      });
      if (resumed) {
        this.armQuiet(generation);
        return;
      }
      void Promise.resolve()
        .then(() => this.options.handlers.onOpen(false))
        .catch(() => undefined)
        .then(() => {
          if (current() && this.status.phase === 'loading') this.update({ phase: 'live' });
        });
    };
    source.onerror = () => {
      if (current()) this.lost('The scan feed connection closed.');
    };
    source.addEventListener('scan', (ev) => {
      if (!current()) return;
      const scan = parse<ScanView>(ev.data);
      this.received(ev.lastEventId, generation);
      if (scan) this.options.handlers.onScan(scan, ev.lastEventId);
    });
    source.addEventListener('ticket', (ev) => {
      if (!current()) return;
      const change = parse<TicketChange>(ev.data);
      this.received(ev.lastEventId, generation);
      if (change) this.options.handlers.onTicket(change, ev.lastEventId);
    });
  }

  private received(seq: string, generation: number): void {
    if (seq) this.lastSeq = seq;
    if (this.status.phase !== 'catching_up') return;
    const replayed = this.status.replayed + 1;
    // A long replay would otherwise redraw the header once per entry.
    if (replayed % 50 === 0) this.update({ replayed });
    else this.status = { ...this.status, replayed };
    this.armQuiet(generation);
  }

  /** The server writes the whole replay at once, so a short silence means it is over. */
  private armQuiet(generation: number): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (generation !== this.generation || this.stopped) return;
      if (this.status.phase === 'catching_up') this.update({ phase: 'live', caughtUpAt: this.now() });
    }, this.quietMs);
  }

  private lost(error: string): void {
    this.closeSource();
    this.clearTimers();
    if (this.stopped) return;
    const attempt = this.status.attempt + 1;
    const delay = this.backoff(attempt);
    this.update({ phase: 'reconnecting', attempt, retryAt: this.now() + delay, error });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.update({ retryAt: null });
      void this.connect();
    }, delay);
  }

  private closeSource(): void {
    if (!this.source) return;
    this.source.onopen = null;
    this.source.onerror = null;
    this.source.close();
    this.source = null;
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.retryTimer = this.quietTimer = null;
  }

  private update(change: Partial<FeedStatus>): void {
    this.status = { ...this.status, ...change };
    this.options.handlers.onStatus(this.status);
  }
}

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}
