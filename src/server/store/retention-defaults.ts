/**
 * How long the outboxes keep what is finished. Stripe keeps webhook events 30 days; a venue's
 * delivery log and mail outbox follow the same rule, so buyers' details and QR codes do not
 * stay on a venue laptop for years.
 */
export const defaultRetentionDays = 30;
export const maxRetentionDays = 3650;

/** The knobs of the retention sweep; tests turn them down, production uses the defaults. */
export interface RetentionTuning {
  /** Rows looked at, and so at most deleted, per transaction. */
  batchSize: number;
  /** Batches per table per sweep; a sweep that reaches it stops and the next one comes soon. */
  maxBatchesPerTable: number;
  /** Wait after start before the first sweep, so it does not compete with a busy start. */
  firstDelayMs: number;
  intervalMs: number;
  /** Wait before the next sweep when the last one stopped at its cap with more to do. */
  backlogDelayMs: number;
}

export const defaultRetentionTuning: RetentionTuning = {
  batchSize: 1_000,
  // 500 batches of 1,000: a store that never had retention is emptied of its first 500,000 rows
  // per table in one sweep, and the rest a minute later, without one sweep running for long.
  maxBatchesPerTable: 500,
  firstDelayMs: 60_000,
  intervalMs: 60 * 60 * 1000,
  backlogDelayMs: 60_000,
};
