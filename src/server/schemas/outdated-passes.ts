import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.js';

const OutdatedOrder = Type.Object({
  order_id: Type.String(),
  buyer_name: Nullable(Type.String()),
  email: Nullable(
    Type.String({ description: "The buyer's email; null: sold without one, so only a reprint reaches them" }),
  ),
  tickets: Type.Integer({
    description: 'Tickets of the order its buyer holds whose newest pass is out of date',
  }),
  mails_failed: Type.Integer({
    description:
      'Ticket mails about it the sender gave up on; part of a resend Idempotency-Key, so a mail that failed is sent again while a double press is not',
  }),
});

const OutdatedTicket = Type.Object({
  ticket_id: Type.String(),
  order_id: Type.String(),
  holder_name: Nullable(Type.String()),
  email: Nullable(
    Type.String({
      description: "The holder's email; null: handed over without one, so only a reprint reaches them",
    }),
  ),
  mails_failed: Type.Integer({
    description:
      'Ticket mails about it the sender gave up on; part of a resend Idempotency-Key, so a mail that failed is sent again while a double press is not',
  }),
});

export const OutdatedPasses = Type.Object(
  {
    object: Type.Literal('outdated_passes'),
    event_id: Type.String(),
    doors_at: Timestamp,
    orders: Type.Array(OutdatedOrder, {
      description:
        'Orders whose buyer holds a printing ticket whose newest pass (handed over or mailed) expires before the doors: resend each (POST /v2/orders/{id}/resend), or reprint those without email',
    }),
    tickets: Type.Array(OutdatedTicket, {
      description:
        'Tickets held by whoever they were transferred to, likewise out of date: resend each (POST /v2/tickets/{id}/resend), or reprint those without email',
    }),
  },
  {
    $id: 'OutdatedPasses',
    description:
      "The paper passes of an event's holders that expire before its doors, after the doors moved more than a day later",
    examples: [
      {
        object: 'outdated_passes',
        event_id: 'evt_Hq3Zk8Xb1M',
        doors_at: '2027-02-13T19:00:00.000Z',
        orders: [
          {
            order_id: 'ord_5kQ2mZp8Rt',
            buyer_name: 'Ann Lee',
            email: 'ann@example.com',
            tickets: 2,
            mails_failed: 0,
          },
          { order_id: 'ord_8WcN3xVb2L', buyer_name: null, email: null, tickets: 1, mails_failed: 0 },
        ],
        tickets: [
          {
            ticket_id: 'tik_3Jd9QwLz7K',
            order_id: 'ord_2PzX6cRt9M',
            holder_name: 'Eve',
            email: 'eve@example.com',
            mails_failed: 1,
          },
        ],
      },
    ],
  },
);
export type OutdatedPassesView = Static<typeof OutdatedPasses>;
