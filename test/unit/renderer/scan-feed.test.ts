import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ScanFeedConnection,
  type EventSourceLike,
  type FeedMessage,
} from '../../../src/renderer/src/api/scan-feed.js';
import type { FeedStatus } from '../../../src/renderer/src/lib/feed-status.js';

/**
 * A stand-in for the browser's EventSource (Node has none): it records the URL it was opened
 * with and lets the test play the server's part. The connection logic under test is real.
 */
class FakeSource implements EventSourceLike {
  onopen: EventSourceLike['onopen'] = null;
  onerror: EventSourceLike['onerror'] = null;
  closed = false;
  private readonly listeners = new Map<string, (ev: FeedMessage) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (ev: FeedMessage) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    (this.onopen as ((ev: Event) => void) | null)?.(new Event('open'));
  }
  fail(): void {
    (this.onerror as ((ev: Event) => void) | null)?.(new Event('error'));
  }
  send(type: 'scan' | 'ticket', id: number, data: unknown): void {
    this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId: String(id) });
  }
}

describe('ScanFeedConnection', () => {
  let sources: FakeSource[];
  let statuses: FeedStatus[];
  let tokens: number;
  let tokenFails: number;
  let opened: boolean[];
  let scans: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    statuses = [];
    tokens = 0;
    tokenFails = 0;
    opened = [];
    scans = [];
  });
  afterEach(() => vi.useRealTimers());

  const connection = () =>
    new ScanFeedConnection({
      baseUrl: 'http://venue.test/',
      eventId: 'evt_1',
      async streamPath() {
        if (tokenFails > 0) {
          tokenFails--;
          throw new Error('Cannot reach the venue server.');
        }
        tokens++;
        return `/v2/scans/stream?stream_token=st_${tokens}&event_id=evt_1`;
      },
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      backoff: (attempt) => 1000 * 2 ** (attempt - 1),
      quietMs: 300,
      now: () => Date.now(),
      handlers: {
        onOpen: async (resumed) => {
          opened.push(resumed);
        },
        onScan: (scan) => scans.push(scan.id),
        onTicket: () => undefined,
        onStatus: (status) => statuses.push(status),
      },
    });

  const phase = () => statuses[statuses.length - 1]?.phase;

  it('opens with a fresh stream token, reads history, then is live', async () => {
    const feed = connection();
    feed.start();
    expect(phase()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(sources[0]?.url).toBe('http://venue.test/v2/scans/stream?stream_token=st_1&event_id=evt_1');
    sources[0]?.open();
    expect(phase()).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([false]);
    expect(phase()).toBe('live');
    sources[0]?.send('scan', 41, { id: 'scn_1' });
    expect(scans).toEqual(['scn_1']);
    expect(feed.lastEventId).toBe('41');
    feed.stop();
    expect(sources[0]?.closed).toBe(true);
  });

  it('on a drop: backs off, gets a new token, resumes after the last id and says when it caught up', async () => {
    const feed = connection();
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.open();
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.send('ticket', 7, { ticket_id: 'tik_1', change: 'sold' });
    sources[0]?.send('scan', 8, { id: 'scn_1' });

    sources[0]?.fail();
    expect(sources[0]?.closed).toBe(true);
    expect(statuses[statuses.length - 1]).toMatchObject({ phase: 'reconnecting', attempt: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources[1]?.url).toBe(
      'http://venue.test/v2/scans/stream?stream_token=st_2&event_id=evt_1&last_event_id=8',
    );

    sources[1]?.open();
    expect(phase()).toBe('catching_up');
    sources[1]?.send('scan', 9, { id: 'scn_2' });
    sources[1]?.send('scan', 10, { id: 'scn_3' });
    await vi.advanceTimersByTimeAsync(299);
    expect(phase()).toBe('catching_up');
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses[statuses.length - 1]).toMatchObject({ phase: 'live', replayed: 2, attempt: 0 });
    expect(statuses[statuses.length - 1]?.caughtUpAt).not.toBeNull();
    // A resumed stream needs no history read: the server replayed what was missed.
    expect(opened).toEqual([false]);
    expect(scans).toEqual(['scn_1', 'scn_2', 'scn_3']);
    feed.stop();
  });

  it('waits longer after each failed attempt, and "reconnect now" skips the wait', async () => {
    const feed = connection();
    tokenFails = 3;
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses[statuses.length - 1]).toMatchObject({ phase: 'reconnecting', attempt: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses[statuses.length - 1]).toMatchObject({ phase: 'reconnecting', attempt: 2 });
    const retryAt = statuses[statuses.length - 1]?.retryAt ?? 0;
    expect(retryAt - Date.now()).toBe(2000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses[statuses.length - 1]).toMatchObject({ phase: 'reconnecting', attempt: 3 });
    feed.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(1);
    sources[0]?.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe('live');
    feed.stop();
  });

  it('ignores a source it has already given up on', async () => {
    const feed = connection();
    feed.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = sources[0];
    first?.fail();
    await vi.advanceTimersByTimeAsync(1000);
    first?.send('scan', 99, { id: 'scn_stale' });
    expect(scans).toEqual([]);
    expect(feed.lastEventId).toBeNull();
    feed.stop();
  });
});
