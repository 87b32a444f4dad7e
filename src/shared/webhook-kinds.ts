/** The fourteen webhook kinds of CONTRACT.md "Webhooks"; shared by the server, the UI and docs. */
export const webhookKinds = [
  'event.created',
  'event.updated',
  'event.published',
  'tier.created',
  'tier.updated',
  'tier.deleted',
  'order.created',
  'order.refunded',
  'ticket.transferred',
  'ticket.voided',
  'ticket.scanned',
  'attendee.updated',
  'payout.created',
  'payout.paid',
] as const;

export type WebhookKind = (typeof webhookKinds)[number];
