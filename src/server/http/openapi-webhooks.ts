import { webhookKinds, type WebhookKind } from '../../shared/webhook-kinds.js';
import { ScanTicket } from '../schemas/scans.js';

/**
 * The `webhooks` of the OpenAPI document (3.1): one operation per kind of CONTRACT.md "Webhooks",
 * so a generator types what a receiver gets — the message envelope, its `data.object` and the
 * Standard Webhooks headers — as it types the answers. Found by the integrator walkthrough: the
 * document described every answer but no message. The objects are the same components the API
 * answers (a message's `data.object` is the resource as the API answered it); test/api/
 * webhook-messages-openapi.test.ts holds real deliveries of all fourteen kinds to these schemas.
 */

const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const objectByKind: Record<WebhookKind, object> = {
  'event.created': component('Event'),
  'event.updated': component('Event'),
  'event.published': component('Event'),
  'tier.created': component('Tier'),
  'tier.updated': component('Tier'),
  'tier.deleted': {
    allOf: [
      component('Tier'),
      { type: 'object', required: ['deleted'], properties: { deleted: { const: true } } },
    ],
  },
  'order.created': component('Order'),
  'order.refunded': component('Order'),
  'ticket.transferred': component('Ticket'),
  'ticket.voided': component('Ticket'),
  'ticket.scanned': {
    type: 'object',
    required: ['scan', 'ticket'],
    properties: { scan: component('Scan'), ticket: JSON.parse(JSON.stringify(ScanTicket)) as object },
  },
  'attendee.updated': component('Attendee'),
  'payout.created': component('Payout'),
  'payout.paid': component('Payout'),
};

/** What each kind is about, and which operation writes it (docs/webhooks.md). */
const aboutKind: Record<WebhookKind, string> = {
  'event.created': 'An event was created (POST /v2/events). data.object: the event.',
  'event.updated': 'An event changed (PATCH /v2/events/{id}, or cancelled). data.object: the event.',
  'event.published': 'A draft event was published. data.object: the event.',
  'tier.created':
    'A tier was added (POST /v2/events/{id}/tiers, or a tickets[] item of POST /v2/events). data.object: the tier.',
  'tier.updated': 'A tier changed (PATCH /v2/tiers/{id}, or the event’s currency). data.object: the tier.',
  'tier.deleted': 'A tier was deleted. data.object: the tier as it was, with deleted: true.',
  'order.created': 'A checkout (POST /v2/orders). data.object: the order with its tickets.',
  'order.refunded': 'Money went back on an order (a refund, or a void). data.object: the order after it.',
  'ticket.transferred':
    'A ticket was handed on. data.object: the recipient’s new ticket (transferred_from names the original).',
  'ticket.voided': 'A ticket was voided (directly, or by a full refund). data.object: the voided ticket.',
  'ticket.scanned':
    'An attempt to admit a known ticket, admitted or not (validate, sync, check-in). data.object: {scan, ticket}: the scan as GET /v2/scans lists it, and the ticket as GET /v2/tickets/{id} answers it but without qr_token and paper_pass, plus inside.',
  'attendee.updated': 'An attendee’s name or email changed. data.object: the attendee.',
  'payout.created': 'A payout was made (POST /v2/payouts). data.object: the payout, pending.',
  'payout.paid': 'A payout was marked paid. data.object: the payout, paid.',
};

const signatureHeaders = [
  {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'The message id again (equal to webhook-id), the same on every retry: a receiver whose idempotency middleware reads this header acts on a message once.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id (msg_…), the same on every retry: use it to drop duplicates.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed; refuse one more than 5 minutes off.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated v1,<base64 HMAC-SHA256 of id.timestamp.body> signatures, keyed with the base64 part of the endpoint’s whsec_ secret (two while a rotated secret overlaps): accept when any matches.',
    schema: { type: 'string' },
  },
];

/** `Order` → `receiveOrderCreatedWebhook`: verb first, lower camel case, like every operationId. */
const operationId = (kind: string) =>
  `receive${kind
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Webhook`;

function webhookOperation(kind: WebhookKind) {
  return {
    post: {
      operationId: operationId(kind),
      summary: kind,
      description: `${aboutKind[kind]} Sent to every enabled endpoint whose events take "${kind}" (or "*"); see docs/webhooks.md.`,
      tags: ['webhooks'],
      security: [],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'created_at', 'data'],
              properties: {
                id: { type: 'string', description: 'msg_ id, equal to the webhook-id header' },
                type: { const: kind },
                created_at: { type: 'string', format: 'date-time' },
                data: {
                  type: 'object',
                  required: ['object'],
                  properties: { object: objectByKind[kind] },
                },
              },
            },
          },
        },
      },
      responses: {
        '2XX': { description: 'Received. Answer within 10 s; anything else is a failed attempt, retried.' },
        '410': {
          description: 'Gone: disables the endpoint (disabled_reason "gone") until it is enabled again.',
        },
      },
    },
  };
}

export const webhookOperations = () =>
  Object.fromEntries(webhookKinds.map((kind) => [kind, webhookOperation(kind)]));
