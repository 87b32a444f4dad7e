import { reconnectLoop, type ReconnectLoop } from '../../../shared/reconnect-loop.js';
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
 * The monitor's connection to `GET /v2/scans/stream`, reconnecting by itself on the shared loop
 * (src/shared/reconnect-loop.ts). EventSource would retry on its own, but with the same URL:
 * after a server restart its stream token is gone (they live in memory) and every retry would
 * fail. So each error closes the source, waits an exponential backoff, asks for a fresh token and
 * reopens with `last_event_id` = the last id received, and the server replays everything missed
 * in between.
 */
export class ScanFeedConnection {
  private lastSeq: string | null = null;
  private status: FeedStatus = initialFeedStatus;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private stopper: AbortController | null = null;
  private loop: ReconnectLoop | null = null;
  private readonly quietMs: number;
  private readonly now: () => number;

  constructor(private readonly options: FeedOptions) {
    this.quietMs = options.quietMs ?? 400;
    this.now = options.now ?? Date.now;
  }

  /** The id of the last feed entry received: where a reconnect resumes. */
  get lastEventId(): string | null {
    return this.lastSeq;
  }

  start(): void {
    this.stopper?.abort();
    const stopper = new AbortController();
    this.stopper = stopper;
    this.update({ phase: 'connecting' });
    this.loop = reconnectLoop({
      signal: stopper.signal,
      backoff: this.options.backoff,
      connect: (connection) => this.connect(connection, stopper.signal),
      onWait: (attempt, delay, error) =>
        this.update({
          phase: 'reconnecting',
          attempt,
          retryAt: this.now() + delay,
          error: error instanceof Error ? error.message : String(error),
        }),
    });
  }

  stop(): void {
    this.stopper?.abort();
    this.stopper = null;
    this.loop = null;
    this.clearQuiet();
    this.update({ ...initialFeedStatus });
  }

  /** Skips the rest of the backoff wait (a "Reconnect now" button). */
  reconnectNow(): void {
    if (this.status.phase !== 'reconnecting') return;
    this.loop?.wake();
  }

  private connect(connection: { opened(): void; ended(error?: unknown): void }, signal: AbortSignal): void {
    if (this.status.retryAt !== null) this.update({ retryAt: null });
    this.options.streamPath(this.options.eventId).then(
      (path) => {
        if (!signal.aborted) this.open(path, connection, signal);
      },
      (err: unknown) => connection.ended(err),
    );
  }

  private open(
    path: string,
    connection: { opened(): void; ended(error?: unknown): void },
    signal: AbortSignal,
  ): void {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const resume = this.lastSeq === null ? '' : `&last_event_id=${encodeURIComponent(this.lastSeq)}`;
    const source = this.options.open(`${base}${path}${resume}`);
    let live = true;
    const current = () => live && !signal.aborted;
    const close = (error?: Error) => {
      if (!live) return;
      live = false;
      signal.removeEventListener('abort', onAbort);
      source.onopen = null;
      source.onerror = null;
      source.close();
      this.clearQuiet();
      if (error) connection.ended(error);
    };
    const onAbort = () => close();
    signal.addEventListener('abort', onAbort, { once: true });

    source.onopen = () => {
      if (!current()) return;
      connection.opened();
      const resumed = this.lastSeq !== null;
      this.update({
        phase: resumed ? 'catching_up' : 'loading',
        attempt: 0,
        retryAt: null,
        replayed: 0,
        error: null,
      });
      if (resumed) {
        this.armQuiet(current);
        return;
      }
      void Promise.resolve()
        .then(() => this.options.handlers.onOpen(false))
        .catch(() => undefined)
        .then(() => {
          if (current() && this.status.phase === 'loading') this.update({ phase: 'live' });
        });
    };
    source.onerror = () => close(new Error('The scan feed connection closed.'));
    source.addEventListener('scan', (ev) => {
      if (!current()) return;
      const scan = parse<ScanView>(ev.data);
      this.received(ev.lastEventId, current);
      if (scan) this.options.handlers.onScan(scan, ev.lastEventId);
    });
    source.addEventListener('ticket', (ev) => {
      if (!current()) return;
      const change = parse<TicketChange>(ev.data);
      this.received(ev.lastEventId, current);
      if (change) this.options.handlers.onTicket(change, ev.lastEventId);
    });
  }

  private received(seq: string, current: () => boolean): void {
    if (seq) this.lastSeq = seq;
    if (this.status.phase !== 'catching_up') return;
    const replayed = this.status.replayed + 1;
    // A long replay would otherwise redraw the header once per entry.
    if (replayed % 50 === 0) this.update({ replayed });
    else this.status = { ...this.status, replayed };
    this.armQuiet(current);
  }

  /** The server writes the whole replay at once, so a short silence means it is over. */
  private armQuiet(current: () => boolean): void {
    this.clearQuiet();
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (!current()) return;
      if (this.status.phase === 'catching_up') this.update({ phase: 'live', caughtUpAt: this.now() });
    }, this.quietMs);
  }

  private clearQuiet(): void {
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
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
