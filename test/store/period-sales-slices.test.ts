import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedYearOldStore } from '../../bench/year-old-store.js';
import { PeriodSalesService } from '../../src/server/domain/period-sales.js';
import { EventsRepo } from '../../src/server/store/events-repo.js';
import type { OrderSlicing } from '../../src/server/store/orders-repo.js';
import { PeriodSalesRepo } from '../../src/server/store/period-sales-repo.js';
import { countedSlicing, turnedBetweenSlices, withTurnsCounted } from '../support/loop-slices.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

// Takings over a long period read the orders a slice of seqs at a time, letting the event loop run
// between (docs/year-old-store.md): the same report as one pass, in bounded turns.

let t: TestApp;
let orders: number;
const now = Date.UTC(2026, 10, 30, 12);
const dayMs = 24 * 3_600_000;
beforeAll(async () => {
  t = await makeTestApp();
  seedYearOldStore(t.app.ctx.db, now, { shows: 6, ticketsPerShow: 400 });
  orders = t.app.ctx.db.prepare('SELECT MAX(seq) FROM orders').pluck().get() as number;
});
afterAll(() => t.close());

const takings = (slicing: OrderSlicing) =>
  new PeriodSalesService({
    periodSales: new PeriodSalesRepo(t.app.ctx.db, slicing),
    events: new EventsRepo(t.app.ctx.db),
    now: () => now,
    venueTimeZone: () => 'Europe/Berlin',
  });

describe('takings over a long period', () => {
  it('are the same report read in slices as in one pass, over many periods and zones', async () => {
    const onePass = takings({ seqs: Number.MAX_SAFE_INTEGER, yieldToLoop: () => Promise.resolve() });
    const { slicing } = countedSlicing(37);
    const sliced = takings(slicing);
    const periods: [number, number][] = [
      [now - 365 * dayMs, now],
      [now - 3 * dayMs, now - dayMs],
      [now - 7 * dayMs - 3_600_000, now - 2 * dayMs + 17 * 60_000],
      [now + dayMs, now + 2 * dayMs],
    ];
    for (const [from, to] of periods)
      for (const zone of [undefined, 'America/St_Johns', 'Asia/Kathmandu']) {
        const want = await onePass.report(from, to, zone);
        expect(want.events.length + (from > now ? 1 : 0)).toBeGreaterThan(0);
        expect(await sliced.report(from, to, zone)).toEqual(want);
      }
  });

  it('let the event loop run between every two slices of the orders', async () => {
    const { slicing, ticksAtYield } = countedSlicing(100);
    const from = now - 365 * dayMs;
    const report = await withTurnsCounted(() => takings(slicing).report(from, now, undefined));
    const inYear = t.app.ctx.db
      .prepare('SELECT COUNT(*) FROM orders WHERE created_at >= ? AND created_at < ?')
      .pluck()
      .get(from, now);
    expect(report.totals[0]!.orders).toBe(inYear);
    expect(ticksAtYield.length + 1).toBe(Math.ceil(orders / 100));
    expect(turnedBetweenSlices(ticksAtYield)).toBe(true);
  });
});
