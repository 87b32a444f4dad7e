import { describe, expect, it } from 'vitest';
import { serverTime } from '../../src/scanner/door-clock.js';

const serverAt = Date.parse('2026-12-24T20:00:00.000Z');
const header = new Date(serverAt).toUTCString();

/** A device whose wall clock can be set and whose monotonic clock only runs. */
function device(wallAt: number) {
  const clocks = { wall: wallAt, mono: 1_000 };
  const time = serverTime({
    keptOffsetMs: null,
    wallNow: () => clocks.wall,
    monotonicNow: () => clocks.mono,
  });
  const run = (ms: number) => {
    clocks.wall += ms;
    clocks.mono += ms;
  };
  return { clocks, time, run };
}

describe('the Node door’s server time', () => {
  it('stays the server’s when the wall clock is set hours off after the last answer', () => {
    const { clocks, time, run } = device(serverAt);
    time.learn(header, clocks.mono, clocks.mono);
    run(60_000);
    // NTP or a person steps the wall clock 3 hours ahead; the monotonic clock does not move.
    clocks.wall += 3 * 3_600_000;
    expect(Math.abs(time.now() - (serverAt + 60_000))).toBeLessThanOrEqual(1_000);
    expect(Math.abs(time.offsetMs()! + 3 * 3_600_000)).toBeLessThanOrEqual(1_000);
    // Set right again: the device's own clock, within the tolerance, is used as before.
    clocks.wall -= 3 * 3_600_000;
    expect(time.now()).toBe(clocks.wall);
  });

  it('a slow device scans on the measured server time, carried on the monotonic clock', () => {
    const { clocks, time, run } = device(serverAt - 10 * 60_000);
    expect(time.now()).toBe(clocks.wall);
    time.learn(header, clocks.mono, clocks.mono + 200);
    run(5_000);
    expect(Math.abs(time.now() - (serverAt + 5_000))).toBeLessThanOrEqual(1_000);
  });

  it('a new run on the same monotonic clock starts from the kept anchor, whatever the wall clock says', () => {
    // The run before measured the server at mono 1,000; the date was set 3 hours back since.
    const first = device(serverAt);
    first.time.learn(header, first.clocks.mono, first.clocks.mono);
    const anchor = first.time.anchorMs()!;
    const mono = 1_000 + 60_000;
    const time = serverTime({
      keptOffsetMs: 0,
      keptAnchorMs: anchor,
      wallNow: () => serverAt + 60_000 - 3 * 3_600_000,
      monotonicNow: () => mono,
    });
    expect(Math.abs(time.now() - (serverAt + 60_000))).toBeLessThanOrEqual(1_000);
    expect(Math.abs(time.offsetMs()! - 3 * 3_600_000)).toBeLessThanOrEqual(1_000);
    expect(time.anchorMs()).toBe(anchor);
  });

  it('before any answer (a restart without network) it is the wall clock plus the kept offset', () => {
    let wall = serverAt - 10 * 60_000;
    const time = serverTime({ keptOffsetMs: 10 * 60_000, wallNow: () => wall, monotonicNow: () => 0 });
    expect(time.now()).toBe(serverAt);
    wall += 1_000;
    expect(time.now()).toBe(serverAt + 1_000);
    expect(time.learn(undefined, 0, 0)).toBeNull();
  });
});
