import type { FastifyBaseLogger } from 'fastify';
import { performance } from 'node:perf_hooks';
import type { ServerOptions } from '../config.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Db } from './db.js';
import { defaultRetentionDays, defaultRetentionTuning, type RetentionTuning } from './retention-defaults.js';
import { sweepOutboxes } from './retention.js';

export interface RetentionSchedule {
  /** Ends the schedule; a sweep in progress stops at its next batch and is waited for. */
  stop(): Promise<void>;
}

export interface RetentionScheduleDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  retentionDays: number;
  tuning?: Partial<RetentionTuning>;
}

/**
 * Sweeps the outboxes shortly after start and then every `intervalMs` (sooner while a backlog
 * remains). One sweep at a time: the next is scheduled only when the last has finished. A failed
 * sweep is logged and the schedule goes on; the timer never keeps the process alive.
 */
export function scheduleRetention(deps: RetentionScheduleDeps): RetentionSchedule {
  const tuning: RetentionTuning = { ...defaultRetentionTuning, ...deps.tuning };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = null;
      });
    }, delayMs);
    timer.unref();
  };

  const sweep = async () => {
    let next = tuning.intervalMs;
    try {
      const started = performance.now();
      const result = await sweepOutboxes(deps.db, deps.now, {
        retentionDays: deps.retentionDays,
        batchSize: tuning.batchSize,
        maxBatchesPerTable: tuning.maxBatchesPerTable,
        signal: stopping.signal,
      });
      if (result.deliveries + result.messages + result.mails > 0) {
        deps.log.info(
          { ...result, retentionDays: deps.retentionDays, ms: Math.round(performance.now() - started) },
          'retention sweep removed old outbox rows',
        );
      }
      if (result.more) next = tuning.backlogDelayMs;
    } catch (err) {
      deps.log.warn({ err }, 'retention sweep failed; trying again at the next interval');
    }
    schedule(next);
  };

  schedule(tuning.firstDelayMs);
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

/** Starts the sweeps for the app (workers only); they end before the store closes. */
export function startRetention(
  ctx: {
    db: Db;
    now: () => number;
    lifecycle: Lifecycle;
    options: Pick<ServerOptions, 'retentionDays' | 'retention'>;
  },
  log: FastifyBaseLogger,
): void {
  const retention = scheduleRetention({
    db: ctx.db,
    now: ctx.now,
    log: log.child({ worker: 'retention' }),
    retentionDays: ctx.options.retentionDays ?? defaultRetentionDays,
    tuning: ctx.options.retention,
  });
  ctx.lifecycle.onStop('outbox retention', () => retention.stop());
}
