import { Type, type Static } from 'typebox';
import { mailKinds } from '../store/mail-repo.js';
import { ListQuery, Nullable, Timestamp } from './common.js';
import { Email } from './email.js';

export const MailStatus = Type.Enum(['pending', 'sent', 'failed']);

export const Mail = Type.Object(
  {
    id: Type.String({ description: 'mail_ id' }),
    to: Type.String(),
    subject: Type.String(),
    kind: Type.Enum([...mailKinds], {
      description:
        'order_confirmation (an order with its PDF tickets), ticket_transfer (a transfer recipient’s ticket), event_cancelled (a ticket holder told the event is cancelled), or message',
    }),
    ref: Nullable(
      Type.String({
        description:
          'The order (order_confirmation), ticket (ticket_transfer) or event (event_cancelled) it is about',
      }),
    ),
    status: MailStatus,
    attempts: Type.Integer({ description: 'Delivery attempts made so far' }),
    last_error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
    next_attempt_at: Nullable(Timestamp),
    created_at: Timestamp,
    sent_at: Nullable(Timestamp),
  },
  {
    $id: 'Mail',
    description:
      'A mail in the outbox (bodies are not listed). next_attempt_at is null once the mail is sent or failed.',
  },
);
export type MailView = Static<typeof Mail>;

export const MailListQuery = Type.Object(
  { ...ListQuery, status: Type.Optional(MailStatus) },
  { additionalProperties: false },
);

export const TestMailBody = Type.Object(
  { to: Email },
  { additionalProperties: false, description: 'Where to send a short test mail' },
);
