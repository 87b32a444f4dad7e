import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanFeed, type FeedListener } from '../../src/server/domain/scan-feed.js';
import { Lifecycle } from '../../src/server/lifecycle.js';
import { openStore, type Db } from '../../src/server/store/db.js';
import { DoorFeedRepo } from '../../src/server/store/door-feed-repo.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let db: Db;
let lifecycle: Lifecycle;

beforeEach(() => {
  dir = tempDataDir('marquee-feed-');
  db = openStore(join(dir, 'marquee.db'));
  lifecycle = new Lifecycle();
});
afterEach(async () => {
  await lifecycle.stop(() => undefined);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A feed row as a ticket trigger would write it (another service voiding a ticket). */
const ticketChange = (eventId: string, ticketId: string, change = 'voided') =>
  db
    .prepare(
      "INSERT INTO door_feed (event_id, kind, ticket_id, change, created_at) VALUES (?, 'ticket', ?, ?, 0)",
    )
    .run(eventId, ticketId, change);

interface Sink extends FeedListener {
  chunks: string[];
  ended: boolean;
  beats: number;
  flowing: boolean;
  pending: number;
}

function sink(overrides: Partial<FeedListener> = {}): Sink {
  const s: Sink = {
    eventId: null,
    cursor: 0,
    apiKeyId: 'key_a',
    chunks: [],
    ended: false,
    beats: 0,
    flowing: true,
    pending: 0,
    write(chunk) {
      s.chunks.push(chunk);
      s.pending += chunk.length;
      return s.flowing;
    },
    backlog: () => s.pending,
    end() {
      s.ended = true;
    },
    onHeartbeat() {
      s.beats++;
    },
    ...overrides,
  };
  return s;
}

const until = async (predicate: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('ScanFeed', () => {
  it('replays from the cursor on add, filtered by event, with SSE ids', () => {
    ticketChange('evt_a', 'tik_1');
    ticketChange('evt_b', 'tik_2');
    ticketChange('evt_a', 'tik_3', 'transferred');
    const feed = new ScanFeed(new DoorFeedRepo(db), lifecycle);
    const listener = sink({ eventId: 'evt_a' });
    feed.add(listener);
    const text = listener.chunks.join('');
    expect(text).toContain(
      'id: 1\nevent: ticket\ndata: {"ticket_id":"tik_1","event_id":"evt_a","change":"voided","status":null}\n\n',
    );
    expect(text).toContain('id: 3\nevent: ticket\n');
    expect(text).not.toContain('tik_2');
    expect(listener.cursor).toBe(3);
  });

  it('picks up rows written without notify() through its poll, and beats its heartbeat', async () => {
    const feed = new ScanFeed(new DoorFeedRepo(db), lifecycle, { pollMs: 20, heartbeatMs: 40 });
    const listener = sink();
    listener.cursor = feed.currentSeq();
    feed.add(listener);
    ticketChange('evt_a', 'tik_9');
    await until(() => listener.chunks.some((c) => c.includes('tik_9')), 1000);
    await until(() => listener.beats >= 2, 1000);
    expect(listener.chunks.filter((c) => c === ': heartbeat\n\n').length).toBeGreaterThanOrEqual(2);
  });

  it('notify() delivers at once, coalescing bursts', async () => {
    const feed = new ScanFeed(new DoorFeedRepo(db), lifecycle, { pollMs: 60_000, coalesceMs: 5 });
    const listener = sink();
    feed.add(listener);
    for (let i = 0; i < 10; i++) {
      ticketChange('evt_a', `tik_${i}`);
      feed.notify();
    }
    await until(() => listener.cursor === 10, 500);
    expect(listener.chunks).toHaveLength(1);
  });

  it('waits for a slow socket to drain, and drops one that never takes its backlog', () => {
    for (let i = 0; i < 600; i++) ticketChange('evt_a', `tik_${i}`);
    const feed = new ScanFeed(new DoorFeedRepo(db), lifecycle, { maxBacklogBytes: 1_000_000 });
    const slow = sink();
    slow.flowing = false;
    feed.add(slow);
    // One batch of 500 written, then it waits instead of buffering the rest.
    expect(slow.cursor).toBe(500);
    slow.flowing = true;
    slow.pending = 0;
    feed.resume(slow);
    expect(slow.cursor).toBe(600);

    const stuck = new ScanFeed(new DoorFeedRepo(db), lifecycle, { maxBacklogBytes: 10_000 });
    const listener = sink();
    stuck.add(listener);
    expect(listener.ended).toBe(true);
    expect(stuck.size).toBe(0);
  });

  it('closes streams of a revoked key, and all of them when the app stops', async () => {
    const feed = new ScanFeed(new DoorFeedRepo(db), lifecycle);
    const a = sink({ apiKeyId: 'key_a' });
    const b = sink({ apiKeyId: 'key_b' });
    feed.add(a);
    feed.add(b);
    feed.closeForKey('key_a');
    expect([a.ended, b.ended]).toEqual([true, false]);
    await lifecycle.stop(() => undefined);
    expect(b.ended).toBe(true);
    expect(feed.size).toBe(0);
  });
});
