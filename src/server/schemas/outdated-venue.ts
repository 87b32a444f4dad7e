import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

const VenueOrder = Type.Object({
  order_id: Type.String(),
  buyer_name: Nullable(Type.String()),
  email: Nullable(
    Type.String({ description: "The buyer's email; null: a walk-in sale, so only the door can tell them" }),
  ),
  tickets: Type.Integer({ description: 'Active tickets of the order its buyer holds' }),
  mails_failed: Type.Integer({
    description:
      'Confirmation mails of the order the sender gave up on; part of a resend Idempotency-Key, so a mail that failed is sent again while a double press is not',
  }),
});

const VenueTicket = Type.Object({
  ticket_id: Type.String(),
  order_id: Type.String(),
  holder_name: Nullable(Type.String()),
  email: Nullable(
    Type.String({
      description: "The holder's email; null: handed over without one, so only the door can tell them",
    }),
  ),
  mails_failed: Type.Integer({
    description:
      "The ticket's own mails the sender gave up on; part of a resend Idempotency-Key, as for an order",
  }),
});

export const OutdatedVenue = Type.Object(
  {
    object: Type.Literal('outdated_venue'),
    event_id: Type.String(),
    venue: Type.String({ description: 'The venue as it is now' }),
    moved_from: Nullable(
      Type.String({ description: 'The venue before the latest change; null: never changed' }),
    ),
    moved_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the latest venue change was saved (UTC, Z); null: never changed. Part of a resend Idempotency-Key, one per change',
      }),
    ),
    orders: Type.Array(VenueOrder, {
      description:
        "Orders sold before the latest venue change, not refunded, whose buyer holds an active ticket and whose newest word (the sale, a confirmation sent since; one waiting counts as told) named another venue than today's: resend each (POST /v2/orders/{id}/resend); those with email null are walk-ins",
    }),
    tickets: Type.Array(VenueTicket, {
      description:
        "Tickets transferred before the latest venue change, still active, whose holder's newest word (the transfer, a mail of the ticket sent since; one waiting counts as told) named another venue: resend each (POST /v2/tickets/{id}/resend); the order's resend leaves them out",
    }),
  },
  {
    $id: 'OutdatedVenue',
    description:
      "The orders of an event whose buyers, and the transferred tickets whose holders, were not mailed since the event's venue changed",
    examples: [
      {
        object: 'outdated_venue',
        event_id: 'evt_Hq3Zk8Xb1M',
        venue: 'The Roundhouse',
        moved_from: 'Corn Exchange',
        moved_at: '2027-02-01T10:15:00.000Z',
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
            order_id: 'ord_5kQ2mZp8Rt',
            holder_name: 'Eve',
            email: 'eve@example.com',
            mails_failed: 0,
          },
        ],
      },
    ],
  },
);
export type OutdatedVenueView = Static<typeof OutdatedVenue>;
