import { Type, type Static } from 'typebox';
import { webhookKinds } from '../../shared/webhook-kinds.js';
import { ListQuery, Nullable, Timestamp, PlainText } from './common.js';

const kindsText = ['*', ...webhookKinds].join(', ');

// Kinds are checked by the service, not by an enum here, so a typo is named by its index
// (`events[2]`) with the list of valid kinds in the message.
const events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: `["*"] for every kind, or a list of: ${kindsText}`,
});
const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'http:// or https:// receiver; link-local addresses (169.254.0.0/16, fe80::/10) are refused',
});
const description = PlainText({ maxLength: 500 });
const status = Type.Enum(['enabled', 'disabled']);

export const WebhookEndpointCreateBody = Type.Object(
  { url, events, description: Type.Optional(description) },
  { additionalProperties: false },
);
export type WebhookEndpointCreateInput = Static<typeof WebhookEndpointCreateBody>;

export const WebhookEndpointPatchBody = Type.Object(
  {
    url: Type.Optional(url),
    events: Type.Optional(events),
    description: Type.Optional(Nullable(description)),
    status: Type.Optional(status),
  },
  { additionalProperties: false },
);
export type WebhookEndpointPatchInput = Static<typeof WebhookEndpointPatchBody>;

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Nullable(Type.String()),
    status,
    disabled_reason: Nullable(
      Type.Enum(['manual', 'gone'], {
        description: 'manual: disabled by PATCH; gone: the receiver answered 410 Gone',
      }),
    ),
    created_at: Timestamp,
  },
  {
    $id: 'WebhookEndpoint',
    description: 'A receiver of webhooks. Its secret appears only when created and when rotated.',
  },
);
export type WebhookEndpointView = Static<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = Type.Object({
  ...WebhookEndpoint.properties,
  secret: Type.String({
    description: 'whsec_ + base64 of 24 random bytes; shown here only (rotate_secret makes a new one)',
  }),
});
export type WebhookEndpointWithSecretView = Static<typeof WebhookEndpointWithSecret>;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    endpoint_id: Type.String(),
    message_id: Type.String({ description: 'The webhook-id header' }),
    type: Type.String(),
    status: Type.Enum([...deliveryStatuses]),
    attempts: Type.Integer({
      description: 'Attempts that reached the receiver or failed while online',
    }),
    last_response_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    last_attempt_at: Nullable(Timestamp),
    next_attempt_at: Nullable(Timestamp),
    delivered_at: Nullable(Timestamp),
    created_at: Timestamp,
  },
  { $id: 'WebhookDelivery', description: "One message's delivery to one endpoint" },
);
export type WebhookDeliveryView = Static<typeof WebhookDelivery>;

export const DeliveryListQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(Type.Enum([...deliveryStatuses])),
    order: Type.Optional(
      // The other lists (orders, audit events) spell it oldest_first/newest_first; the log takes
      // those too, so one spelling works everywhere, and keeps its own older oldest/newest.
      Type.Enum(['oldest_first', 'newest_first', 'oldest', 'newest'], {
        default: 'oldest_first',
        description:
          "oldest_first (the API's default) or newest_first, as the other lists; oldest and newest are the same",
      }),
    ),
  },
  { additionalProperties: false },
);

export const RetryFailedResult = Type.Object({
  endpoint_id: Type.String(),
  retried: Type.Integer({ description: 'Failed deliveries set to pending' }),
});

const counts = {
  queued: Type.Integer({
    description: 'Pending deliveries (including failing ones)',
  }),
  failing: Type.Integer({
    description: 'Pending deliveries with at least one failed attempt',
  }),
  failed: Type.Integer({ description: 'Deliveries that used up the schedule' }),
};

export const WebhookStatus = Type.Object({
  online: Type.Boolean({
    description: 'False while any enabled endpoint cannot be reached',
  }),
  held_back: Type.Boolean({
    description:
      'True while API traffic saturates the server and sending is held to a small budget; ' +
      'the queue drains at full speed once the rush has room (docs/webhooks.md)',
  }),
  ...counts,
  oldest_pending_age_seconds: Type.Integer({
    description: 'Age of the oldest pending delivery; 0 when none',
  }),
  endpoints: Type.Array(
    Type.Object({
      id: Type.String(),
      url: Type.String(),
      status,
      online: Type.Boolean(),
      ...counts,
      last_success_at: Nullable(Timestamp),
      last_failure_at: Nullable(Timestamp),
    }),
  ),
});
export type WebhookStatusView = Static<typeof WebhookStatus>;
