import { describe, expect, it } from 'vitest';
import { StoredDeviceState } from '../../src/scanner/stored-device-state.js';
import type { QueuedScan } from '../../src/scanner/device-state.js';
import type { OfflineDecision } from '../../src/scanner/types.js';
import { QuotaStorage } from './support/quota-storage.js';

/** Guest i admitted offline at the door. */
function admitted(i: number): OfflineDecision {
  return {
    result: 'admitted',
    reason: null,
    credential: 'rotating',
    ticketId: `tik_${i}`,
    eventId: 'evt_1',
    direction: 'in',
    scannedAt: 1_796_000_000_000 + i,
  };
}
/** A code as long as a phone's (≈ 350 characters), told apart by i. */
const code = (i: number): string => `code${i}.`.padEnd(350, 'x');
const inside = { inside: true, count: 1 };

/** Records guests from..to-1, each admitted offline. */
function scanGuests(state: StoredDeviceState, from: number, to: number): void {
  for (let i = from; i < to; i++) state.recordOfflineScan(code(i), admitted(i), inside);
}
const seqsOf = (state: StoredDeviceState): number[] => state.queued(100_000).map((scan) => scan.seq);
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

describe('the door page queue in localStorage, one key per scan', () => {
  it('recording a scan writes as little with 2,000 queued as with none', () => {
    const storage = new QuotaStorage();
    const state = new StoredDeviceState(storage);
    storage.written = 0;
    scanGuests(state, 0, 1);
    const first = storage.written;
    scanGuests(state, 1, 2_000);
    storage.written = 0;
    scanGuests(state, 2_000, 2_001);
    // A few more digits in the seq and ticket, not the 2,000 scans before it (~1 MB).
    expect(storage.written).toBeLessThan(first + 20);
    expect(first).toBeLessThan(1_000);
  });

  it('a reload keeps every scan in order and who each let in; a seq is never given twice', () => {
    const storage = new QuotaStorage();
    const state = new StoredDeviceState(storage);
    scanGuests(state, 0, 1_500);
    state.settle(range(1, 401), [], 1); // a sync took the oldest 400
    scanGuests(state, 1_500, 1_600);

    const reloaded = new StoredDeviceState(storage);
    const queued = reloaded.queued(100_000);
    expect(queued.map((scan) => scan.seq)).toEqual(range(401, 1_601));
    expect(queued.map((scan) => scan.token)).toEqual(range(400, 1_600).map(code));
    expect(queued[0]).not.toHaveProperty('admitted');
    expect(reloaded.status()).toMatchObject({ queued: 1_200, admissions: 1_600, unsaved: 0 });

    // Everything synced: the next scan still gets a seq of its own, after a reload too.
    reloaded.settle(seqsOf(reloaded), [], 2);
    expect([...storage.items.keys()].filter((key) => /queue\.\d/.test(key))).toEqual([]);
    const empty = new StoredDeviceState(storage);
    expect(empty.status()).toMatchObject({ queued: 0, admissions: 1_600 });
    expect(empty.recordOfflineScan(code(9), admitted(9), inside)).toBe(1_601);
  });

  it('a storage too full even for the index drops no scan from the reload', () => {
    const storage = new QuotaStorage();
    const state = new StoredDeviceState(storage);
    scanGuests(state, 0, 10);
    storage.full = true;
    state.settle(range(1, 6), [], 1);
    // Synced ones may come back (the server counts a scan once); none of the others is lost.
    expect(seqsOf(new StoredDeviceState(storage))).toEqual(expect.arrayContaining(range(6, 11)));
  });

  it('after unpairing, a new scan is found by a reload', () => {
    const storage = new QuotaStorage();
    const state = new StoredDeviceState(storage);
    scanGuests(state, 0, 3);
    expect(state.forget(true)).toBe(true);
    expect([...storage.items.keys()]).toEqual([]);
    scanGuests(state, 3, 5);
    expect(new StoredDeviceState(storage).queued(10).map((scan) => scan.token)).toEqual([code(3), code(4)]);
  });

  it('what the server said after a scan wins over that scan on reload', () => {
    const storage = new QuotaStorage();
    const state = new StoredDeviceState(storage);
    scanGuests(state, 1, 2);
    // The feed then says tik_1 went out: `known` is written, newer than the scan's own copy.
    state.saveChanges({ revoked: [], admissions: [['tik_1', { inside: false, count: 1 }]] });
    expect([...new StoredDeviceState(storage).admissions()]).toEqual([
      ['tik_1', { inside: false, count: 1 }],
    ]);
  });

  it("a page's queue from before this layout is read in order, added to, and drained once", () => {
    const storage = new QuotaStorage();
    const before = (seq: number, extra: Partial<QueuedScan> = {}): QueuedScan => ({
      seq,
      kind: 'code',
      token: code(seq),
      note: null,
      ticketId: `tik_${seq}`,
      scannedAt: 1_796_000_000_000 + seq,
      result: 'admitted',
      reason: null,
      direction: 'in',
      ...extra,
    });
    // What the page kept before: the whole queue as one value, `known` with no `through`.
    storage.setItem(
      'marquee.door.queue',
      JSON.stringify({ nextSeq: 4, items: [1, 2, 3].map((s) => before(s)) }),
    );
    const known = { revoked: [], admitted: [1, 2, 3].map((s) => [`tik_${s}`, inside]) };
    storage.setItem('marquee.door.known', JSON.stringify(known));

    const updated = new StoredDeviceState(storage);
    expect(updated.status()).toMatchObject({ queued: 3, admissions: 3 });
    scanGuests(updated, 4, 6);
    expect(seqsOf(updated)).toEqual([1, 2, 3, 4, 5]);
    expect(seqsOf(new StoredDeviceState(storage))).toEqual([1, 2, 3, 4, 5]);

    // Synced in upload order: the old value shrinks to what is left, then goes.
    updated.settle([1, 2], [], 1);
    expect(JSON.parse(storage.getItem('marquee.door.queue')!)).toEqual({ nextSeq: 4, items: [before(3)] });
    const reloaded = new StoredDeviceState(storage);
    expect(reloaded.queued(100).map((scan) => [scan.seq, scan.token])).toEqual(
      [3, 4, 5].map((seq) => [seq, code(seq)]),
    );
    reloaded.settle([3], [], 2);
    expect(storage.getItem('marquee.door.queue')).toBeNull();
    expect(seqsOf(new StoredDeviceState(storage))).toEqual([4, 5]);
    reloaded.settle([4, 5], [], 3);
    const after = new StoredDeviceState(storage);
    expect(after.status()).toMatchObject({ queued: 0, admissions: 5 });
    expect(after.recordOfflineScan(code(6), admitted(6), inside)).toBe(6);
  });

  it('an old queue that fills the storage needs no room to be read; later scans warn until a sync makes room', () => {
    const items = range(1, 41).map((seq) => ({
      seq,
      kind: 'code',
      token: code(seq),
      ticketId: `tik_${seq}`,
    }));
    const old = JSON.stringify({ nextSeq: 41, items });
    // Room for the old queue and about five scans more.
    const storage = new QuotaStorage('marquee.door.queue'.length + old.length + 2_500);
    storage.setItem('marquee.door.queue', old);
    const state = new StoredDeviceState(storage);
    expect(state.writeError).toBeNull();

    let next = 100;
    while (state.unsavedScans() === 0 && next < 140) scanGuests(state, next, ++next);
    const saved = next - 100 - 1;
    expect(saved).toBeGreaterThan(2);
    scanGuests(state, next, next + 2);
    expect(state.status()).toMatchObject({ queued: 40 + saved + 3, unsaved: 3 });
    expect(state.writeError).toMatch(
      /^This device's storage is full: the last 3 offline scans are kept only/,
    );
    expect(new StoredDeviceState(storage).status().queued).toBe(40 + saved);

    // The old scans synced: their room takes the waiting ones, in order, and the warning goes.
    state.settle(range(1, 41), [], 1);
    expect(state.unsavedScans()).toBe(0);
    expect(state.writeError).toBeNull();
    expect(seqsOf(new StoredDeviceState(storage))).toEqual(range(41, 41 + saved + 3));
  });
});
