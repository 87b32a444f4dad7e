import type { WebhookKind } from '../../shared/webhook-kinds.js';
import { newId } from '../ids.js';
import type { WebhookDeliveriesRepo } from '../store/webhook-deliveries-repo.js';
import type { EndpointCache } from './endpoint-cache.js';
import type { Wakeup } from './wakeup.js';

/**
 * One delivery row per enabled endpoint whose filter takes the kind, written by Outbox.emit in
 * the caller's transaction: a message and its deliveries exist together or not at all.
 */
export class WebhookFanOut {
  constructor(
    private readonly endpoints: EndpointCache,
    private readonly deliveries: WebhookDeliveriesRepo,
    private readonly wakeup: Wakeup,
  ) {}

  /** Never earlier than the last one: first attempts go by due time, so it must follow write order. */
  private lastDueAt = 0;

  route(messageId: string, type: WebhookKind, at: number): void {
    const targets = this.endpoints.matching(type);
    if (targets.length === 0) return;
    // A clock stepped back (NTP) must not let a later message overtake an earlier one.
    const dueAt = Math.max(at, this.lastDueAt);
    this.lastDueAt = dueAt;
    for (const endpoint of targets)
      this.deliveries.insert(newId('delivery'), endpoint.id, messageId, type, dueAt, at);
    this.wakeup.ring();
  }
}
