import type { WebhookKind } from '../../shared/webhook-kinds.js';
import { newId } from '../ids.js';
import type { Db } from '../store/db.js';
import { toIso } from '../time.js';
import type { WebhookFanOutPort } from './webhook-port.js';

export interface WebhookMessage {
  id: string;
  type: WebhookKind;
  created_at: string;
  data: { object: unknown };
}

/**
 * Records a webhook message in the outbox. Call it inside the transaction of the change that
 * causes it, so the message exists exactly when the change does (CONTRACT.md "Webhooks"); its
 * deliveries to the endpoints that want its kind are derived from it (webhooks/fan-out.ts).
 *
 * A message that no enabled endpoint wants is not written at all: nobody could ever receive it
 * (WebhookFanOut.wants). At the door and the till, where most venues run with no integration
 * or one that takes a few kinds, that saved ~10 µs of each checkout's ~90 µs of event-loop time.
 */
export class Outbox {
  private readonly insert;

  constructor(
    db: Db,
    private readonly now: () => number,
    private readonly fanOut: WebhookFanOutPort,
  ) {
    this.insert = db.prepare(
      'INSERT INTO webhook_messages (id, type, payload, created_at) VALUES (?, ?, ?, ?)',
    );
  }

  /**
   * The message written, or null when no endpoint wants its kind. `objectJson`, when given, is
   * `object` already serialized (by the route's response serializer, http/response-json.ts);
   * the message embeds it instead of serializing the object again.
   */
  emit(type: WebhookKind, object: unknown, objectJson?: string): WebhookMessage | null {
    if (!this.fanOut.wants(type)) return null;
    const createdAt = this.now();
    const message: WebhookMessage = {
      id: newId('webhookMessage'),
      type,
      created_at: toIso(createdAt),
      data: { object },
    };
    const payload =
      objectJson === undefined
        ? JSON.stringify(message)
        : `{"id":${JSON.stringify(message.id)},"type":${JSON.stringify(type)},"created_at":${JSON.stringify(message.created_at)},"data":{"object":${objectJson}}}`;
    this.insert.run(message.id, type, payload, createdAt);
    this.fanOut.emitted();
    return message;
  }
}
