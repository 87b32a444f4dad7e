import type { WebhookFanOutPort } from '../domain/webhook-port.js';
import type { WebhookKind } from '../../shared/webhook-kinds.js';
import { newId } from '../ids.js';
import { inTransaction, type Db } from '../store/db.js';
import type { WebhookDeliveriesRepo } from '../store/webhook-deliveries-repo.js';
import { parseKinds, type WebhookEndpointsRepo } from '../store/webhook-endpoints-repo.js';
import type { WebhookMessagesRepo } from '../store/webhook-messages-repo.js';
import type { EndpointCache } from './endpoint-cache.js';
import type { Wakeup } from './wakeup.js';

const batch = 1_000;

/**
 * Turns outbox messages into deliveries: one per enabled endpoint whose filter takes the kind.
 *
 * The message is written in the change's own transaction (Outbox.emit); its deliveries are
 * derived from it here, in write order, up to each endpoint's cursor (`fanout_seq`), in
 * transactions of their own. The dispatcher's take at most a thousand messages per endpoint (far
 * fewer while API traffic saturates the server: the send budget's worth, since the rest could
 * not be sent yet anyway), so a long backlog never stalls the event loop. Writing the delivery rows
 * inside every checkout instead cost ~15 % of a checkout's CPU (four more B-tree pages per
 * commit); derived here they cost it nothing, and nothing is lost: the message is durable, and
 * a cursor moves only in the transaction that writes the deliveries up to it.
 *
 * Everything that reads or changes deliveries catches up fully first (the delivery log, the
 * status, retries, and an endpoint being disabled or re-filtered), so the log always shows every
 * committed message.
 */
export class WebhookFanOut implements WebhookFanOutPort {
  /**
   * Per endpoint, the last due time given: never go below it, since first attempts go by due
   * time and must follow write order even if the clock is stepped back (NTP). Nor above now:
   * after a step back, the endpoint's deliveries scheduled from the wrong time are pulled back
   * first (to now at most, keeping their order), so new ones are not held back by them.
   */
  private readonly lastDueAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly cache: EndpointCache,
    private readonly endpoints: WebhookEndpointsRepo,
    private readonly messages: WebhookMessagesRepo,
    private readonly deliveries: WebhookDeliveriesRepo,
    private readonly wakeup: Wakeup,
    private readonly now: () => number,
  ) {}

  /**
   * Whether a message of this kind would reach anyone. Outbox.emit writes nothing when it would
   * not: no endpoint could ever get it, since a new or re-enabled endpoint starts after the
   * newest message and a re-filtered one catches up under its old filter first.
   */
  wants(kind: WebhookKind): boolean {
    return this.cache.wants(kind);
  }

  /** Called by Outbox.emit inside the change's transaction: only wakes the dispatcher. */
  emitted(): void {
    this.wakeup.ring();
  }

  /** The newest message; a new or re-enabled endpoint starts after it. */
  lastSeq(): number {
    return this.messages.lastSeq();
  }

  /**
   * Writes the deliveries of every message not yet fanned out (to the endpoints `only` accepts,
   * or all); returns how many it wrote.
   */
  catchUp(only?: (endpointId: string) => boolean): number {
    return this.fanOut(only, Infinity).written;
  }

  /**
   * The dispatcher's share of the same work: at most `maxMessages` messages per endpoint, so
   * one turn's transaction stays short however long the backlog (a venue back online after
   * hours, or a sales rush during which sending waits). True when an endpoint is still behind.
   */
  catchUpSome(only: (endpointId: string) => boolean, maxMessages: number): boolean {
    return this.fanOut(only, maxMessages).behind;
  }

  private fanOut(
    only: ((endpointId: string) => boolean) | undefined,
    maxMessages: number,
  ): { written: number; behind: boolean } {
    const last = this.messages.lastSeq();
    const behind = () => this.endpoints.behind(last).filter((e) => !only || only(e.id));
    if (behind().length === 0) return { written: 0, behind: false };
    let stillBehind = false;
    const now = this.now();
    const written = inTransaction(this.db, () => {
      let written = 0;
      for (const endpoint of behind()) {
        const kinds = parseKinds(endpoint.events);
        const all = kinds.includes('*');
        let cursor = endpoint.fanout_seq;
        let lastDue = this.lastDueAt.get(endpoint.id) ?? 0;
        if (lastDue > now) {
          this.deliveries.pullBackFromFuture(endpoint.id, now);
          lastDue = now;
        }
        let examined = 0;
        while (cursor < last && examined < maxMessages) {
          const asked = Math.min(batch, maxMessages - examined);
          const heads = this.messages.after(cursor, asked);
          if (heads.length === 0) break;
          for (const message of heads) {
            if (message.seq > last) break;
            cursor = message.seq;
            examined++;
            if (!all && !kinds.includes(message.type)) continue;
            lastDue = Math.min(Math.max(message.created_at, lastDue), now);
            this.deliveries.insert(
              newId('delivery'),
              endpoint.id,
              message.id,
              message.type,
              lastDue,
              message.created_at,
            );
            written++;
          }
          if (heads.length < asked) break;
        }
        if (cursor < last) stillBehind = true;
        this.endpoints.setCursor(endpoint.id, cursor);
        this.lastDueAt.set(endpoint.id, lastDue);
      }
      return written;
    });
    return { written, behind: stillBehind };
  }
}
