import type { Db } from '../store/db.js';

export const freeCallsPerMonth = 10_000;
export const pricePerCallUsd = 0.0001;

export interface UsageView {
  period: string;
  rest_calls: number;
  free_calls: number;
  billable_calls: number;
  price_per_call_usd: number;
  amount_due_usd: number;
}

export const periodOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/**
 * Counts billable REST calls in memory and flushes them in one upsert every few seconds and on
 * close: a write per request would cost more than the request itself.
 */
export class UsageMeter {
  private readonly pending = new Map<string, number>();
  private readonly upsert;
  private readonly select;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO usage_counters (period, rest_calls) VALUES (?, ?)
       ON CONFLICT (period) DO UPDATE SET rest_calls = rest_calls + excluded.rest_calls`,
    );
    this.select = db.prepare('SELECT rest_calls FROM usage_counters WHERE period = ?');
  }

  /** The month being counted and when it ends, so counting a call needs no date formatting. */
  private current = { period: '', startsAt: 0, endsAt: 0 };

  private periodAt(ms: number): string {
    if (ms >= this.current.endsAt || ms < this.current.startsAt) {
      const date = new Date(ms);
      const startsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
      const endsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      this.current = { period: periodOf(ms), startsAt, endsAt };
    }
    return this.current.period;
  }

  count(): void {
    const period = this.periodAt(this.now());
    this.pending.set(period, (this.pending.get(period) ?? 0) + 1);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const entries = [...this.pending];
    this.pending.clear();
    try {
      this.db.transaction(() => {
        for (const [period, calls] of entries) this.upsert.run(period, calls);
      })();
    } catch (err) {
      // Not written (a full disk): the calls are counted again at the next flush, not lost.
      for (const [period, calls] of entries)
        this.pending.set(period, (this.pending.get(period) ?? 0) + calls);
      throw err;
    }
  }

  view(period = periodOf(this.now())): UsageView {
    const row = this.select.get(period) as { rest_calls: number } | undefined;
    const restCalls = (row?.rest_calls ?? 0) + (this.pending.get(period) ?? 0);
    const billable = Math.max(0, restCalls - freeCallsPerMonth);
    return {
      period,
      rest_calls: restCalls,
      free_calls: freeCallsPerMonth,
      billable_calls: billable,
      price_per_call_usd: pricePerCallUsd,
      // Rounded to whole cents' hundredths to avoid float noise like 0.30000000000000004.
      amount_due_usd: Math.round(billable * pricePerCallUsd * 10_000) / 10_000,
    };
  }
}
