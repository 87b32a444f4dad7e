import { setMaxListeners } from 'node:events';
import { BackwardStepWatch } from '../clock-step.js';
import { inTransaction } from '../store/db.js';
import type { DueDelivery } from '../store/webhook-deliveries-repo.js';
import type { DispatcherDeps, DispatcherOptions } from './dispatcher-wiring.js';
import type { EnabledEndpoint } from './endpoint-cache.js';
import type { EndpointState } from './endpoint-health.js';
import { recordOutcome, type Outcome } from './record-outcome.js';
import { signedHeaders } from './signature.js';
import { WebhookTransport } from './transport.js';

/** Messages fanned out per endpoint in one turn when sending is not held back. */
const fanOutBatch = 1_000;

/**
 * The background worker that sends the outbox: per endpoint, up to `concurrency` due deliveries
 * at once, picked in write order; an unreachable endpoint gets one probe every `probeMs` until it
 * answers. Outcomes are written in small batches (one transaction per turn of the loop), and a
 * delivery stays "in flight" in memory until its outcome is written, so it is never sent twice
 * by one process; after a crash, whatever was in flight is simply due again (at least once).
 */
export class WebhookDispatcher {
  private readonly transport: WebhookTransport;
  private readonly abort = new AbortController();
  private readonly outcomes: Outcome[] = [];
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pending: NodeJS.Timeout | null = null;
  private lastTickAt = 0;
  /** Some endpoint had more due than free slots at the last look: drain without pausing. */
  private backlogged = false;
  private stopping = false;
  private readonly clockWatch = new BackwardStepWatch();
  private stopStorageWatch: () => void = () => undefined;

  constructor(
    private readonly deps: DispatcherDeps,
    private readonly options: DispatcherOptions,
  ) {
    // Every attempt in flight listens for the stop signal; that many listeners is expected.
    setMaxListeners(0, this.abort.signal);
    this.transport = new WebhookTransport({
      maxSocketsPerHost: options.concurrency,
      timeoutMs: options.timeoutMs,
      allowLinkLocal: options.allowLinkLocal,
    });
  }

  start(): void {
    // The clock may have been stepped back while the server was down, too.
    const now = this.deps.now();
    this.clockWatch.check(now);
    this.pullBackFromFuture(now);
    this.deps.wakeup.listen(() => this.wake());
    // Space is back: write what was kept and send again at once.
    this.stopStorageWatch = this.deps.storage.onChange((problem) => {
      if (!problem) this.wake();
    });
    this.wake();
  }

  wake(): void {
    if (this.stopping || this.pending) return;
    // While API traffic saturates the loop, new messages are looked at a few times a second
    // (send-budget.ts) instead of within batchMs of each one.
    // While the disk is full, each look is only a write attempt that fails: one per poll.
    const gap = this.deps.storage.full
      ? this.options.pollMs
      : this.deps.budget.throttled
        ? this.deps.budget.sampleMs
        : this.backlogged
          ? this.options.batchMs / 4
          : this.options.batchMs;
    const wait = Math.max(0, this.lastTickAt + gap - performance.now());
    this.pending = setTimeout(() => {
      this.pending = null;
      this.tick();
    }, wait);
  }

  /** Lets attempts in flight finish for a moment, abandons the rest, writes what finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.deps.wakeup.listen(null);
    this.stopStorageWatch();
    if (this.timer) clearTimeout(this.timer);
    if (this.pending) clearTimeout(this.pending);
    if (this.running.size > 0) {
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((r) => (graceTimer = setTimeout(r, this.options.stopGraceMs))),
      ]);
      clearTimeout(graceTimer);
    }
    this.abort.abort();
    await Promise.allSettled([...this.running]);
    try {
      this.write(this.deps.now());
    } finally {
      this.transport.close();
    }
  }

  private tick(): void {
    if (this.stopping) return;
    this.lastTickAt = performance.now();
    this.backlogged = false;
    let nextAt: number;
    const now = this.deps.now();
    try {
      const back = this.clockWatch.check(now);
      if (back > 0) {
        this.deps.health.clockSteppedBack(back, now);
        this.pullBackFromFuture(now);
      }
      this.write(now);
      nextAt = now + this.options.pollMs;
      // A full disk (noticed by anyone) holds new attempts back until the probe sees space.
      if (!this.deps.storage.full) {
        for (const endpoint of this.deps.endpoints.enabled()) {
          const at = this.fill(endpoint, now);
          if (at !== null) nextAt = Math.min(nextAt, at);
        }
      }
    } catch (err) {
      if (!this.deps.storage.noteFailure(err)) this.deps.onError(err);
      nextAt = now + this.options.pollMs;
    }
    this.sleepUntil(nextAt - now);
  }

  /**
   * Retries (and first attempts) scheduled from a clock since stepped back would otherwise wait
   * out the whole step: each is due at most its intended wait from now (docs/webhooks.md).
   */
  private pullBackFromFuture(now: number): void {
    inTransaction(this.deps.db, () => {
      for (const { id } of this.deps.endpointsRepo.all()) this.deps.deliveries.pullBackFromFuture(id, now);
    });
  }

  private sleepUntil(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    const delay = Math.max(0, Math.min(delayMs, this.options.pollMs));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delay);
    this.timer.unref();
  }

  /**
   * Messages fanned out per endpoint and turn: a thousand (a ~10 ms transaction), or, while the
   * API saturates the server, twice what the send budget lets start (the rest could not be sent
   * yet anyway). Fanning out every message of a sales rush as it came cost ~10 % of the checkout
   * rate on its own; its deliveries are written once the rush has room.
   */
  private fanOutPerTurn(): number {
    return this.deps.budget.throttled ? Math.ceil(2 * this.deps.budget.perSample) : fanOutBatch;
  }

  private canSend(endpointId: string, now: number): boolean {
    const state = this.deps.health.get(endpointId);
    if (state.pausedUntil > now) return false;
    return state.online || (state.inFlight.size === 0 && now >= state.nextProbeAt);
  }

  /** Starts what may start for one endpoint; returns when it next needs a look (null: on completion). */
  private fill(endpoint: EnabledEndpoint, now: number): number | null {
    const state = this.deps.health.get(endpoint.id);
    if (state.pausedUntil > now) return state.pausedUntil;
    if (!state.online) {
      if (state.inFlight.size > 0) return null;
      if (now < state.nextProbeAt) return state.nextProbeAt;
      const [probe] = this.deps.deliveries.due(endpoint.id, now, 1);
      if (!probe) return this.deps.deliveries.earliestPending(endpoint.id);
      this.send(endpoint, probe, state, now);
      return null;
    }
    const free = this.options.concurrency - state.inFlight.size;
    if (free <= 0) {
      // A full pipeline: the receiver sets the pace, so each freed slot is refilled at once.
      this.backlogged = true;
      return null;
    }
    const due = this.deps.deliveries
      .due(endpoint.id, now, free + state.inFlight.size)
      .filter((row) => !state.inFlight.has(row.id))
      .slice(0, free);
    const allowed = this.deps.budget.take(due.length);
    for (const row of due.slice(0, allowed)) this.send(endpoint, row, state, now);
    // Held back while API traffic saturates the loop: look again when the budget has refilled.
    if (allowed < due.length) return now + this.deps.budget.sampleMs;
    if (due.length === free) {
      this.backlogged = true;
      return null;
    }
    const earliest = this.deps.deliveries.earliestPending(endpoint.id);
    return earliest !== null && earliest > now ? earliest : null;
  }

  private send(endpoint: EnabledEndpoint, row: DueDelivery, state: EndpointState, now: number): void {
    state.inFlight.add(row.id);
    if (!state.online) state.nextProbeAt = now + this.options.probeMs;
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret !== null && (endpoint.previousExpiresAt ?? 0) > now)
      secrets.push(endpoint.previousSecret);
    const timestamp = Math.floor(now / 1000);
    const attempt = this.transport
      .send({
        url: endpoint.url,
        body: row.payload,
        signal: this.abort.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': this.options.userAgent,
          // The message id again, under the name a receiver's idempotency middleware reads: a
          // retry carries the same one, so it is not acted on twice (CONTRACT.md's POST rule).
          'idempotency-key': row.message_id,
          ...signedHeaders(secrets, row.message_id, timestamp, row.payload),
        },
      })
      .catch((err: unknown) => ({
        kind: 'error' as const,
        error: err instanceof Error ? err.message : String(err),
      }))
      .then((result) => {
        this.outcomes.push({
          endpointId: endpoint.id,
          deliveryId: row.id,
          failures: row.failures,
          startedAt: now,
          at: this.deps.now(),
          result,
        });
      })
      .finally(() => {
        this.running.delete(attempt);
        this.wake();
      });
    this.running.add(attempt);
  }

  /**
   * One transaction per turn: the deliveries of new messages, and the outcomes of finished
   * attempts (then their slots are freed). An endpoint that cannot take anything now (offline
   * between probes, or paused by Retry-After) gets its deliveries written when it can: a venue
   * selling while its internet is down does no webhook work per sale.
   */
  private write(now: number): void {
    const fanOut = () => {
      if (this.deps.fanOut.catchUpSome((id) => this.canSend(id, now), this.fanOutPerTurn()))
        this.backlogged = true;
    };
    if (this.outcomes.length === 0) {
      fanOut();
      return;
    }
    let batch = this.outcomes.splice(0);
    let endpointsChanged = false;
    try {
      inTransaction(this.deps.db, () => {
        fanOut();
        endpointsChanged = recordOutcomes(batch, this.deps, this.options);
      });
    } catch (err) {
      // Not written for want of space: keep the outcomes (and their deliveries in flight, so
      // they are not sent again) until a write succeeds. Other failures drop them, and the
      // deliveries are simply due again (at least once).
      if (this.deps.storage.noteFailure(err)) {
        this.outcomes.unshift(...batch);
        batch = [];
      }
      throw err;
    } finally {
      for (const outcome of batch)
        this.deps.health.get(outcome.endpointId).inFlight.delete(outcome.deliveryId);
      if (endpointsChanged) this.deps.endpoints.refresh();
    }
  }
}

/** Applies a batch to the store and to the health map; true when an endpoint was disabled. */
function recordOutcomes(
  batch: readonly Outcome[],
  deps: DispatcherDeps,
  options: DispatcherOptions,
): boolean {
  let changed = false;
  const lastSuccess = new Map<string, number>();
  const lastFailure = new Map<string, number>();
  for (const outcome of batch) {
    const effect = recordOutcome(outcome, deps, options);
    if (effect === 'disabled') changed = true;
    if (effect === 'delivered') lastSuccess.set(outcome.endpointId, outcome.at);
    else if (effect !== 'none') lastFailure.set(outcome.endpointId, outcome.at);
  }
  for (const [id, at] of lastSuccess) deps.endpointsRepo.recordSuccess(id, at);
  for (const [id, at] of lastFailure) deps.endpointsRepo.recordFailure(id, at);
  return changed;
}
