import { describe, expect, it } from 'vitest';
import { SendBudget, type LoadSources } from '../../../src/server/webhooks/send-budget.js';

const options = { busyUtilization: 0.85, busyRequestsPerSecond: 100, busySendsPerSecond: 50, sampleMs: 100 };

/**
 * The budget's clock and event loop, driven by the test: `run(ms, busy)` lets `ms` pass with the
 * loop busy for that share of it. The verdicts are then about the budget's rules, whatever the
 * machine's speed or load.
 */
function loadedLoop(): LoadSources & { run(ms: number, busy: number): void } {
  let now = 1_000;
  const loop = { idle: 0, active: 0 };
  return {
    now: () => now,
    loopTime: () => ({ ...loop }),
    run(ms, busy) {
      now += ms;
      loop.active += ms * busy;
      loop.idle += ms * (1 - busy);
    },
  };
}

describe('SendBudget: webhook sending yields to API traffic that saturates the event loop', () => {
  it('does not hold back a backlog drain: a busy loop without API requests is the dispatcher itself', () => {
    const loop = loadedLoop();
    const budget = new SendBudget(options, loop);
    loop.run(150, 1);
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });

  it('does not hold back while the API is busy but the loop has room', () => {
    const loop = loadedLoop();
    const budget = new SendBudget(options, loop);
    for (let i = 0; i < 50; i++) budget.requestSeen(); // 50 in 150 ms: 333/s
    loop.run(150, 0.8); // just under busyUtilization
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });

  it('holds sending to the busy rate while requests saturate the loop, and lets go after', () => {
    const loop = loadedLoop();
    const budget = new SendBudget(options, loop);
    for (let i = 0; i < 50; i++) budget.requestSeen(); // 50 in 150 ms: 333/s
    loop.run(150, 0.9);
    expect(budget.throttled).toBe(true);
    expect(budget.take(500)).toBe(0); // the budget starts empty when the rush is noticed
    loop.run(60, 1); // 60 ms at 50/s: 3 sends earned
    expect(budget.take(500)).toBe(3);
    expect(budget.take(500)).toBe(0); // taken is taken
    // The rush goes on for another period: still held, and a long gap earns no more than one
    // sample period's worth (50/s × 100 ms), the most the dispatcher can use per look.
    for (let i = 0; i < 200; i++) budget.requestSeen(); // 200/s
    loop.run(1_000, 1);
    expect(budget.throttled).toBe(true);
    expect(budget.take(500)).toBe(5);
    // The rush is over: an idle loop, no requests.
    loop.run(150, 0.1);
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });

  it('counts only saturation with enough requests: too few requests per second is not a rush', () => {
    const loop = loadedLoop();
    const budget = new SendBudget(options, loop);
    for (let i = 0; i < 14; i++) budget.requestSeen(); // 14 in 150 ms: 93/s, under 100/s
    loop.run(150, 1);
    expect(budget.throttled).toBe(false);
    for (let i = 0; i < 15; i++) budget.requestSeen(); // 15 in 150 ms: 100/s
    loop.run(150, 1);
    expect(budget.throttled).toBe(true);
  });

  it('by default reads the real clock and event loop: a spinning loop with API requests throttles', () => {
    const budget = new SendBudget(options);
    // A million requests: the rate stays far above 100/s however long the machine takes below.
    for (let i = 0; i < 1_000_000; i++) budget.requestSeen();
    const until = performance.now() + options.sampleMs + 10;
    while (performance.now() < until) {
      /* the loop is busy (time spent here counts as active even while the process waits for a core) */
    }
    expect(budget.throttled).toBe(true);
    expect(budget.take(500)).toBe(0);
  });
});
