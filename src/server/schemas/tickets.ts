import { Type, type Static } from 'typebox';
import { FilledText, Nullable, PlainText, Timestamp } from './common.js';
import { Email, emailFormat } from './email.js';
import { ticketExample } from './examples.js';

export const Ticket = Type.Object(
  {
    id: Type.String(),
    order_id: Type.String(),
    event_id: Type.String(),
    tier_id: Type.String(),
    attendee_id: Type.String(),
    status: Type.Enum(['active', 'transferred', 'voided']),
    scan_count: Type.Integer(),
    price_cents: Type.Integer({
      minimum: 0,
      description:
        "What this ticket cost on its order, in the order's currency (0 for a free tier's or a comp's ticket; a transfer's new ticket keeps it): what a void with refund gives back, at most what is left on the order",
    }),
    wallet_url: Type.String({
      description: 'The wallet pass; no key needed (unguessable secret)',
    }),
    qr_token: Type.String({
      description:
        'Signed ticket token (JWS, EdDSA), fresh for at least 4 more minutes. Dead tickets get one too; the door rejects it with the reason.',
    }),
    paper_pass: Nullable(
      Type.String({
        description:
          "The ticket's paper pass (JWS, EdDSA, typ ticket-pass+jwt): what printed tickets, PDF tickets and mail carry. Valid until a day after the event's doors; admits once, like the code. The same on every read (until the event's doors move or the signing key rotates). null when the tier has paper_pass false or the ticket is not active.",
      }),
    ),
    issued_at: Timestamp,
    transferred_from: Nullable(Type.String()),
    transferred_to: Nullable(Type.String()),
  },
  { $id: 'Ticket', description: 'A minted ticket', examples: [ticketExample] },
);
export type TicketView = Static<typeof Ticket>;

export const TransferBody = Type.Object(
  {
    to_email: Nullable(
      Type.String({
        ...emailFormat,
        description:
          "Where the new ticket is mailed (required). null: nothing is mailed and the new ticket's attendee has no email; it is handed over in person (printed at the box office), e.g. a replacement for a guest who paid cash and gave no address",
      }),
    ),
    message: Type.Optional(
      PlainText({ maxLength: 1000, description: 'Goes with the mail: only with to_email' }),
    ),
    name: Type.Optional(
      FilledText({
        minLength: 1,
        maxLength: 200,
        description: "Recipient's name, for their attendee record",
      }),
    ),
  },
  { additionalProperties: false },
);
export type TransferInput = Static<typeof TransferBody>;

export const TicketResendBody = Type.Object(
  {
    email: Type.Optional(Email),
  },
  {
    additionalProperties: false,
    description:
      "`email` sends to that address instead of the holder's, this once; to change the holder's address, PATCH their attendee first",
  },
);
export type TicketResendInput = Static<typeof TicketResendBody>;

export const VoidBody = Type.Object(
  {
    refund: Type.Optional(
      Type.Boolean({
        description: "false: no refund. Otherwise the ticket's price is refunded on its order.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type VoidInput = Static<typeof VoidBody>;
