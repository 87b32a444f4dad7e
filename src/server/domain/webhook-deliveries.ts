import { notFound } from '../errors.js';
import { responseJson } from '../schemas/response-json.js';
import {
  RetryFailedResult,
  WebhookDelivery,
  type WebhookDeliveryView,
  type WebhookStatusView,
} from '../schemas/webhooks.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type {
  DeliveryStatus,
  WebhookDeliveriesRepo,
  WebhookDeliveryRow,
} from '../store/webhook-deliveries-repo.js';
import type { WebhookEndpointsRepo } from '../store/webhook-endpoints-repo.js';
import { isoOrNull } from '../time.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { viewDelivery } from './webhook-views.js';
import type { EndpointHealthPort, SendBudgetPort, WakeupPort, WebhookFanOutPort } from './webhook-port.js';

const deliveryJson = responseJson(WebhookDelivery);
const retriedJson = responseJson(RetryFailedResult);

export interface WebhookDeliveriesDeps {
  now: () => number;
  actions: ActionRunner;
  endpoints: WebhookEndpointsRepo;
  deliveries: WebhookDeliveriesRepo;
  fanOut: WebhookFanOutPort;
  health: EndpointHealthPort;
  wakeup: WakeupPort;
  budget: SendBudgetPort;
}

export interface DeliveryListInput {
  limit: number;
  cursor?: string;
  status?: DeliveryStatus;
  order?: 'oldest' | 'newest';
}

/** The delivery log, manual retries, and the queue's health for the box-office UI. */
export class WebhookDeliveriesService {
  constructor(private readonly deps: WebhookDeliveriesDeps) {}

  /** Now, or when the endpoint's receiver said to come back (Retry-After), whichever is later. */
  private dueFrom(endpointId: string): number {
    return Math.max(this.deps.now(), this.deps.health.get(endpointId).pausedUntil);
  }

  private requireEndpoint(id: string): void {
    if (!this.deps.endpoints.find(id)) throw notFound('webhook endpoint', id);
  }

  list(endpointId: string, input: DeliveryListInput): Page<WebhookDeliveryView> {
    this.requireEndpoint(endpointId);
    this.deps.fanOut.catchUp();
    const list = new ListCursor('webhook_deliveries', {
      endpointId,
      status: input.status,
      order: input.order,
    });
    const rows = this.deps.deliveries.page(endpointId, {
      status: input.status,
      newestFirst: input.order === 'newest',
      cursorSeq: list.decode(input.cursor),
      limit: input.limit + 1,
    });
    // While the receiver's Retry-After pause runs, nothing of the endpoint goes out before it
    // ends: a pending delivery says so, rather than a due time already past (which read as stuck).
    const { pausedUntil } = this.deps.health.get(endpointId);
    const paused = pausedUntil > this.deps.now();
    const shown = (row: WebhookDeliveryRow): WebhookDeliveryView =>
      viewDelivery(
        paused &&
          row.status === 'pending' &&
          row.next_attempt_at !== null &&
          row.next_attempt_at < pausedUntil
          ? { ...row, next_attempt_at: pausedUntil }
          : row,
      );
    return toPage(rows, input.limit, shown, list);
  }

  /**
   * Due now, with a fresh retry schedule; attempts keep counting. Any status may be retried: a
   * delivered message is sent again (same webhook-id) for a receiver that lost it. A delivery of
   * a disabled endpoint waits until the endpoint is enabled, and one whose receiver asked for a
   * pause (429/503 Retry-After) is due when the pause ends: the answer says so, rather than "now".
   */
  retry(action: ActionContext, id: string): Promise<Answer<WebhookDeliveryView>> {
    return this.deps.actions.run(action, deliveryJson, (tx) => {
      this.deps.fanOut.catchUp();
      const before = this.deps.deliveries.find(id);
      if (!before) throw notFound('webhook delivery', id);
      this.deps.deliveries.retry(id, this.dueFrom(before.endpoint_id));
      const row = this.deps.deliveries.find(id);
      if (!row) throw notFound('webhook delivery', id);
      tx.afterCommit(() => this.deps.wakeup.ring());
      tx.audit({
        action: 'webhook_delivery.retried',
        objectType: 'webhook_delivery',
        objectId: id,
        data: { endpoint_id: row.endpoint_id, message_id: row.message_id },
      });
      return viewDelivery(row);
    });
  }

  retryFailed(
    action: ActionContext,
    endpointId: string,
  ): Promise<Answer<{ endpoint_id: string; retried: number }>> {
    return this.deps.actions.run(action, retriedJson, (tx) => {
      this.requireEndpoint(endpointId);
      this.deps.fanOut.catchUp();
      const retried = this.deps.deliveries.retryFailed(endpointId, this.dueFrom(endpointId));
      tx.afterCommit(() => this.deps.wakeup.ring());
      tx.audit({
        action: 'webhook_endpoint.failed_retried',
        objectType: 'webhook_endpoint',
        objectId: endpointId,
        data: { retried },
      });
      return { endpoint_id: endpointId, retried };
    });
  }

  /** Deliveries given up on at `since` (ms) or later, over every endpoint: the header's "lately". */
  failedSince(since: number): number {
    return this.deps.endpoints
      .all()
      .reduce((total, row) => total + this.deps.deliveries.failedSince(row.id, since), 0);
  }

  status(): WebhookStatusView {
    this.deps.fanOut.catchUp();
    const now = this.deps.now();
    let oldest: number | null = null;
    const endpoints = this.deps.endpoints.all().map((row) => {
      const counts = this.deps.deliveries.counts(row.id);
      if (counts.oldest_pending_at !== null && (oldest === null || counts.oldest_pending_at < oldest))
        oldest = counts.oldest_pending_at;
      return {
        id: row.id,
        url: row.url,
        status: row.status,
        online: this.deps.health.isOnline(row.id),
        queued: counts.queued,
        failing: counts.failing,
        failed: counts.failed,
        last_success_at: isoOrNull(row.last_success_at),
        last_failure_at: isoOrNull(row.last_failure_at),
      };
    });
    const sum = (pick: (e: (typeof endpoints)[number]) => number) =>
      endpoints.reduce((total, e) => total + pick(e), 0);
    return {
      online: endpoints.every((e) => e.status !== 'enabled' || e.online),
      held_back: this.deps.budget.throttled,
      queued: sum((e) => e.queued),
      failing: sum((e) => e.failing),
      failed: sum((e) => e.failed),
      oldest_pending_age_seconds: oldest === null ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)),
      endpoints,
    };
  }
}
