import type { SendBudgetPort } from '../domain/webhook-port.js';
import { performance } from 'node:perf_hooks';

export interface SendBudgetOptions {
  /** Event-loop utilisation at or above which the loop counts as saturated. */
  busyUtilization: number;
  /** API requests per second at or above which the saturation is the API's doing. */
  busyRequestsPerSecond: number;
  /** Deliveries per second the dispatcher may still start while the API saturates the loop. */
  busySendsPerSecond: number;
  /** How often the load is re-measured. */
  sampleMs: number;
}

/** Cumulative event-loop time, idle and active, in ms (what `performance.eventLoopUtilization()` reports). */
export interface LoopTime {
  idle: number;
  active: number;
}

/**
 * Where the budget reads time and load. The real ones by default; a test injects its own, so
 * its verdict is about the budget's rules, not about how fast the machine spins a loop.
 */
export interface LoadSources {
  /** A monotonic clock in ms. */
  now: () => number;
  /** The event loop's cumulative idle and active time so far. */
  loopTime: () => LoopTime;
}

export const realLoadSources: LoadSources = {
  now: () => performance.now(),
  loopTime: () => performance.eventLoopUtilization(),
};

export const defaultSendBudget: SendBudgetOptions = {
  busyUtilization: 0.85,
  busyRequestsPerSecond: 200,
  busySendsPerSecond: 200,
  sampleMs: 250,
};

/**
 * Sales and door scans come first. A delivery costs the event loop about as much as a checkout
 * (an HTTP exchange, a signature, two writes), so sending every message the moment it is written
 * took ~40 % of the box office's checkout rate at full load. While the API keeps the event loop
 * saturated (utilisation ≥ `busyUtilization` with at least `busyRequestsPerSecond` requests),
 * the dispatcher may start only `busySendsPerSecond` deliveries a second; the rest wait in the
 * outbox, durable, and drain at full speed once the rush has room. Without API load the budget
 * is unlimited, so a backlog drains as fast as the receiver takes it (the dispatcher's own work
 * saturating the loop does not count: it brings no API requests).
 */
export class SendBudget implements SendBudgetPort {
  private requests = 0;
  private lastSampleAt: number;
  private lastLoopTime: LoopTime;
  private busy = false;
  private tokens = 0;
  private tokensAt: number;

  constructor(
    private readonly options: SendBudgetOptions = defaultSendBudget,
    private readonly sources: LoadSources = realLoadSources,
  ) {
    this.lastSampleAt = sources.now();
    this.lastLoopTime = sources.loopTime();
    this.tokensAt = sources.now();
  }

  /** Called once per API request (cheap: a counter). */
  requestSeen(): void {
    this.requests++;
  }

  /** True while sending is held to the busy rate. */
  get throttled(): boolean {
    this.sample();
    return this.busy;
  }

  /** How many deliveries may start now, and takes them from the budget. */
  take(wanted: number): number {
    if (!this.throttled) return wanted;
    const now = this.sources.now();
    const perMs = this.options.busySendsPerSecond / 1000;
    // At most one sample period's worth at once: the dispatcher looks that often while busy.
    const burst = Math.max(1, (this.options.busySendsPerSecond * this.options.sampleMs) / 1000);
    this.tokens = Math.min(burst, this.tokens + (now - this.tokensAt) * perMs);
    this.tokensAt = now;
    const granted = Math.min(wanted, Math.floor(this.tokens));
    this.tokens -= granted;
    return granted;
  }

  /** Deliveries that may start per look while held back. */
  get perSample(): number {
    return Math.max(1, (this.options.busySendsPerSecond * this.options.sampleMs) / 1000);
  }

  /** How often the dispatcher looks while held back (and how often the load is measured). */
  get sampleMs(): number {
    return this.options.sampleMs;
  }

  private sample(): void {
    const now = this.sources.now();
    const elapsed = now - this.lastSampleAt;
    if (elapsed < this.options.sampleMs) return;
    const loopTime = this.sources.loopTime();
    // The share of the period the loop was busy: node's eventLoopUtilization(now, before).
    const active = loopTime.active - this.lastLoopTime.active;
    const utilization = active / (active + loopTime.idle - this.lastLoopTime.idle);
    const perSecond = (this.requests * 1000) / elapsed;
    const wasBusy = this.busy;
    this.busy =
      utilization >= this.options.busyUtilization && perSecond >= this.options.busyRequestsPerSecond;
    if (this.busy && !wasBusy) {
      this.tokens = 0;
      this.tokensAt = now;
    }
    this.lastLoopTime = loopTime;
    this.lastSampleAt = now;
    this.requests = 0;
  }
}
