import type { SendBudgetPort } from '../domain/webhook-port.js';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

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
  private lastSampleAt = performance.now();
  private lastElu: EventLoopUtilization = performance.eventLoopUtilization();
  private busy = false;
  private tokens = 0;
  private tokensAt = performance.now();

  constructor(private readonly options: SendBudgetOptions = defaultSendBudget) {}

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
    const now = performance.now();
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
    const now = performance.now();
    const elapsed = now - this.lastSampleAt;
    if (elapsed < this.options.sampleMs) return;
    const elu = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(elu, this.lastElu).utilization;
    const perSecond = (this.requests * 1000) / elapsed;
    const wasBusy = this.busy;
    this.busy =
      utilization >= this.options.busyUtilization && perSecond >= this.options.busyRequestsPerSecond;
    if (this.busy && !wasBusy) {
      this.tokens = 0;
      this.tokensAt = now;
    }
    this.lastElu = elu;
    this.lastSampleAt = now;
    this.requests = 0;
  }
}
