import { Type, type Static } from 'typebox';
import { ListOrder, ListQuery, Nullable, Timestamp, TimestampInput } from './common.js';

export const AuditQuery = Type.Object(
  {
    ...ListQuery,
    // An empty filter names nothing (docs/api.md "Conventions"): refused, not an empty list.
    object_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        description:
          "Changes to this object. An order id (`ord_…`) also finds its tickets', refunds' and attendees' changes: the order's whole history",
      }),
    ),
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        description: 'Changes made by this API key, device or staff member (`key_…`, `dev_…`, `stf_…`)',
      }),
    ),
    since: Type.Optional({ ...TimestampInput, description: 'Changes at or after this time' }),
    order: ListOrder('the latest change first, as the audit screen reads it'),
  },
  { additionalProperties: false },
);
export type AuditQueryInput = Static<typeof AuditQuery>;

export const auditEventExample = {
  id: 'aud_0F3kq9ZrTm1',
  action: 'order.refunded',
  object_type: 'order',
  object_id: 'ord_Xy12Ab34Cd',
  order_id: 'ord_Xy12Ab34Cd',
  actor: { api_key_id: 'key_Qw3Er5Ty7U', device_id: 'dev_Kj8Hg5Fd2S', staff_id: null },
  at: '2026-12-24T21:05:44.000Z',
  data: {
    refund_id: 'ref_Pl9Ok8Ij7U',
    amount_cents: 2500,
    currency: 'usd',
    reason: 'requested',
    ticket_id: null,
  },
};

export const AuditEvent = Type.Object(
  {
    id: Type.String(),
    action: Type.String({
      description: '`<object type>.<what happened>`, e.g. order.created, ticket.voided, tier.updated',
    }),
    object_type: Type.String({
      description: 'order, ticket, tier, event, attendee, payout, api_key, device, …',
    }),
    object_id: Type.String(),
    order_id: Nullable(
      Type.String({
        description:
          'The order this change belongs to (the order, or one of its tickets, refunds, attendees)',
      }),
    ),
    actor: Type.Object(
      {
        api_key_id: Nullable(Type.String()),
        device_id: Nullable(Type.String()),
        staff_id: Nullable(Type.String()),
      },
      { description: 'Who made the change: the API key, its paired device, the signed-in staff member' },
    ),
    at: Timestamp,
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'A few facts about the change (amounts, names, changed field names); never a secret',
    }),
  },
  {
    $id: 'AuditEvent',
    description:
      'One change made through the API, written in the same transaction as the change; never updated or deleted',
    examples: [auditEventExample],
  },
);
export type AuditEventView = Static<typeof AuditEvent>;
