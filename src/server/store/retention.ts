import { setImmediate as nextTurn } from 'node:timers/promises';
import { inTransaction, type Db } from './db.js';
import { defaultRetentionTuning, type RetentionTuning } from './retention-defaults.js';
import { RetentionRepo, type RetentionTable } from './retention-repo.js';

const dayMs = 24 * 60 * 60 * 1000;

export interface SweepOptions {
  retentionDays: number;
  batchSize?: RetentionTuning['batchSize'];
  maxBatchesPerTable?: RetentionTuning['maxBatchesPerTable'];
  /** Aborting ends the sweep at the next batch boundary (the app is closing). */
  signal?: AbortSignal;
}

export interface SweepResult {
  /** Rows removed per table. */
  deliveries: number;
  messages: number;
  mails: number;
  /** Transactions run, all tables together. */
  batches: number;
  /** The sweep stopped at its cap (or was aborted) before it had looked at every old row. */
  more: boolean;
}

interface TableResult {
  removed: number;
  batches: number;
  more: boolean;
}

/**
 * Deletes what the outboxes no longer need, older than `retentionDays` by the app's clock:
 *
 * - webhook deliveries that are delivered or failed, finished (delivered_at, else
 *   last_attempt_at, else created_at) before the cutoff; never a pending one;
 * - webhook messages written before the cutoff that have no delivery left and that every
 *   enabled endpoint has fanned out (seq <= MIN(fanout_seq)); with none enabled, any old one;
 * - mails sent before the cutoff, and failed mails written before it; never a pending one.
 *
 * Deliveries go first, so the messages they free can go in the same sweep. Each batch is one
 * transaction of at most `batchSize` rows, and the sweep yields to the event loop between
 * batches, so requests and the dispatcher are never held up for more than one batch.
 */
export async function sweepOutboxes(db: Db, now: () => number, options: SweepOptions): Promise<SweepResult> {
  const repo = new RetentionRepo(db);
  const cutoff = now() - options.retentionDays * dayMs;
  const limits = {
    batchSize: options.batchSize ?? defaultRetentionTuning.batchSize,
    maxBatches: options.maxBatchesPerTable ?? defaultRetentionTuning.maxBatchesPerTable,
    signal: options.signal,
  };
  const deliveries = await sweepTable(db, repo.deliveries, cutoff, limits);
  const messages = await sweepTable(db, repo.messages, cutoff, limits);
  const mails = await sweepTable(db, repo.mails, cutoff, limits);
  return {
    deliveries: deliveries.removed,
    messages: messages.removed,
    mails: mails.removed,
    batches: deliveries.batches + messages.batches + mails.batches,
    more: deliveries.more || messages.more || mails.more,
  };
}

/**
 * Walks the table from its oldest row in windows of `batchSize` rows, until a window holds only
 * rows written after the cutoff. Rows are written in seq order by the app's clock, so what comes
 * after such a window is newer still; looking at a whole window rather than stopping at the first
 * recent row means a stray row from a clock that was briefly wrong does not end the walk.
 */
async function sweepTable(
  db: Db,
  table: RetentionTable,
  cutoff: number,
  limits: { batchSize: number; maxBatches: number; signal: AbortSignal | undefined },
): Promise<TableResult> {
  let after = 0;
  let removed = 0;
  for (let batches = 0; batches < limits.maxBatches;) {
    if (limits.signal?.aborted) return { removed, batches, more: true };
    const step = inTransaction(db, () => {
      const window = table.window(after, cutoff, limits.batchSize);
      if (window.rows === 0 || window.allRecent) return null;
      return { window, removed: table.deleteDue(after, window.last, cutoff) };
    });
    batches++;
    if (step === null) return { removed, batches, more: false };
    removed += step.removed;
    after = step.window.last;
    if (step.window.rows < limits.batchSize) return { removed, batches, more: false };
    // Between batches, whatever else is waiting (requests, the dispatcher) runs first.
    await nextTurn();
  }
  return { removed, batches: limits.maxBatches, more: true };
}
