import type { WebhookDeliveryView, WebhookEndpointView } from '../schemas/webhooks.js';
import type { WebhookDeliveryRow } from '../store/webhook-deliveries-repo.js';
import { parseKinds, type WebhookEndpointRow } from '../store/webhook-endpoints-repo.js';
import { isoOrNull, toIso } from '../time.js';

/** Never the secret: it leaves the server only when created or rotated. */
export function viewEndpoint(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: parseKinds(row.events),
    description: row.description,
    status: row.status,
    disabled_reason: row.disabled_reason,
    created_at: toIso(row.created_at),
  };
}

export function viewDelivery(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    last_attempt_at: isoOrNull(row.last_attempt_at),
    next_attempt_at: isoOrNull(row.next_attempt_at),
    delivered_at: isoOrNull(row.delivered_at),
    created_at: toIso(row.created_at),
  };
}
