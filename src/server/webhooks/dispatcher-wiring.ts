import type { Db } from '../store/db.js';
import type { StorageHealth } from '../store/storage-health.js';
import type { WebhookDeliveriesRepo } from '../store/webhook-deliveries-repo.js';
import type { WebhookEndpointsRepo } from '../store/webhook-endpoints-repo.js';
import type { EndpointCache } from './endpoint-cache.js';
import type { EndpointHealth } from './endpoint-health.js';
import type { WebhookFanOut } from './fan-out.js';
import type { SendBudget } from './send-budget.js';
import type { Wakeup } from './wakeup.js';

/** The dispatcher's wiring and tuning, apart so record-outcome.ts can read them without a cycle. */
export interface DispatcherOptions {
  /** Deliveries in flight per endpoint while it is online. */
  concurrency: number;
  /** While an endpoint is offline, one delivery is tried as a probe this often. */
  probeMs: number;
  /** A 2xx within this time is success (CONTRACT.md: 10 s). */
  timeoutMs: number;
  retryScheduleMs: readonly number[];
  allowLinkLocal: boolean;
  /** Longest sleep between looks at the store; wakeups usually come sooner. */
  pollMs: number;
  /**
   * Shortest gap between two looks at the store while the queue keeps up. Under a stream of
   * checkouts each one rings the doorbell; gathering them (and the answers that came back
   * meanwhile) into one look and one transaction per gap keeps the dispatcher's share of the
   * event loop small. With a backlog, freed slots are refilled four times as often.
   */
  batchMs: number;
  /** On stop, how long attempts in flight may finish before they are abandoned. */
  stopGraceMs: number;
  userAgent: string;
}

export interface DispatcherDeps {
  db: Db;
  now: () => number;
  endpoints: EndpointCache;
  fanOut: WebhookFanOut;
  endpointsRepo: WebhookEndpointsRepo;
  deliveries: WebhookDeliveriesRepo;
  health: EndpointHealth;
  wakeup: Wakeup;
  budget: SendBudget;
  /** While the disk is full nothing new is sent: an outcome that cannot be written is a resend. */
  storage: StorageHealth;
  onError: (err: unknown) => void;
}
