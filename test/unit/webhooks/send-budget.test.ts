import { describe, expect, it } from 'vitest';
import { SendBudget } from '../../../src/server/webhooks/send-budget.js';

const options = { busyUtilization: 0.85, busyRequestsPerSecond: 100, busySendsPerSecond: 50, sampleMs: 100 };

/** Keeps the event loop fully busy for `ms`, as a saturating stream of requests would. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SendBudget: webhook sending yields to API traffic that saturates the event loop', () => {
  it('does not hold back a backlog drain: a busy loop without API requests is the dispatcher itself', () => {
    const budget = new SendBudget(options);
    spin(150);
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });

  it('does not hold back while the API is busy but the loop has room', async () => {
    const budget = new SendBudget(options);
    for (let i = 0; i < 50; i++) budget.requestSeen();
    await sleep(150);
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });

  it('holds sending to the busy rate while requests saturate the loop, and lets go after', async () => {
    const budget = new SendBudget(options);
    for (let i = 0; i < 50; i++) budget.requestSeen(); // 50 in ~150 ms: ≥ 100/s
    spin(150);
    expect(budget.throttled).toBe(true);
    expect(budget.take(500)).toBe(0); // the budget starts empty when the rush is noticed
    spin(60); // 60 ms at 50/s: 3 sends earned
    const granted = budget.take(500);
    expect(granted).toBeGreaterThanOrEqual(2);
    expect(granted).toBeLessThanOrEqual(5); // never more than one sample period's worth
    await sleep(150); // the rush is over: an idle loop, no requests
    expect(budget.throttled).toBe(false);
    expect(budget.take(500)).toBe(500);
  });
});
