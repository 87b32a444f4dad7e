/**
 * The browser door page offline (docs/scanner.md "How many scans a door can queue"): the time to
 * record one offline scan with 0, 1,000, 3,000 and 5,000 scans already queued, through the page's
 * own StoredDeviceState (`recordOfflineScan`, as DoorDevice calls it for every offline decision)
 * over a real Storage: test/support/memory-storage.ts, the Map-backed Web Storage the renderer's
 * unit tests use (Node has no localStorage; Chromium's adds its own copy of each value, so these
 * figures are a floor). Every scan is a distinct guest admitted, so who is inside grows too.
 * Baselines in the same run: the same write with an empty queue, and a bare JSON.stringify +
 * setItem of 5,000 queued scans (what rewriting the whole queue costs on its own). Bounded: one
 * queue filled to 5,000 (timing 50 scans at each mark), ~15 s at most with the old layout.
 *
 *   npx tsx bench/door-page-queue.ts
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { StoredDeviceState } from '../src/scanner/stored-device-state.js';
import type { OfflineDecision } from '../src/scanner/types.js';
import { memoryStorage } from '../test/support/memory-storage.js';
import { printResults, type BenchResult } from './bench-result.js';

const marks = [0, 1_000, 3_000, 5_000];
const timedPerMark = 50;
/** A scan at 5,000 may cost this many times one into an empty queue. */
const targetRatio = 2;

/** A code as a phone shows it: ≈ 350 characters, so a queued scan is ≈ 520 as on the page. */
const token = (): string => randomBytes(262).toString('base64url');

function decision(i: number): OfflineDecision {
  return {
    result: 'admitted',
    reason: null,
    credential: 'rotating',
    ticketId: `tik_${i.toString().padStart(22, '0')}`,
    eventId: 'evt_0000000000000000000000',
    direction: 'in',
    scannedAt: 1_796_000_000_000 + i,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Microseconds to record each of the next `count` scans (the queue grows by as many). */
function recordTimed(state: StoredDeviceState, from: number, count: number): number[] {
  const times: number[] = [];
  for (let i = from; i < from + count; i++) {
    const code = token();
    const started = performance.now();
    state.recordOfflineScan(code, decision(i), { inside: true, count: 1 });
    times.push((performance.now() - started) * 1000);
  }
  return times;
}

/** The bare cost of rewriting a queue of `length` scans: JSON.stringify + setItem, no SDK. */
function bareRewrite(length: number): number {
  const storage = memoryStorage();
  const items = Array.from({ length }, (_, i) => ({
    seq: i + 1,
    kind: 'code',
    token: token(),
    ...decision(i),
  }));
  const times: number[] = [];
  for (let round = 0; round < timedPerMark; round++) {
    const started = performance.now();
    storage.setItem('marquee.door.queue', JSON.stringify({ nextSeq: length + 1, items }));
    times.push((performance.now() - started) * 1000);
  }
  return median(times);
}

export async function run(): Promise<BenchResult[]> {
  const storage = memoryStorage();
  const state = new StoredDeviceState(storage);
  const perMark = new Map<number, number>();
  let queued = 0;
  for (const mark of marks) {
    // Filled untimed to the mark (each fill pays what the page pays), then 50 scans timed.
    for (; queued < mark; queued++)
      state.recordOfflineScan(token(), decision(queued), { inside: true, count: 1 });
    perMark.set(mark, median(recordTimed(state, queued, timedPerMark)));
    queued += timedPerMark;
  }
  if (new StoredDeviceState(storage).status().queued !== queued)
    throw new Error('the storage does not hold every queued scan');
  const empty = perMark.get(0)!;
  const results: BenchResult[] = marks.slice(1).map((mark) => {
    const value = perMark.get(mark)!;
    const last = mark === marks[marks.length - 1];
    return {
      name: `record one offline scan, ${mark.toLocaleString('en')} queued (median of ${timedPerMark})`,
      value,
      unit: 'µs',
      baseline: empty,
      ratio: value / empty,
      ...(last ? { target: `≤ ${targetRatio} × empty queue`, met: value / empty <= targetRatio } : {}),
    };
  });
  results.unshift({ name: 'record one offline scan, empty queue', value: empty, unit: 'µs' });
  const last = marks[marks.length - 1]!;
  results.push({
    name: `bare JSON.stringify + setItem of ${last.toLocaleString('en')} queued scans`,
    value: bareRewrite(last),
    unit: 'µs',
  });
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => printResults('Door page: recording an offline scan as the queue grows', results))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
