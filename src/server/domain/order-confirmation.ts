import type { ComposedMail } from '../mail/mail-outbox.js';
import type { EventRow } from '../store/events-repo.js';
import type { OrderRow } from '../store/orders-repo.js';
import { orderMailSubject } from './order-mail.js';

/**
 * The outbox row of an order's confirmation: who gets it and which order it is. The mail itself
 * (text, PDF tickets) is composed when it is sent (ticket-mail-composer.ts), so queuing it costs a
 * checkout one small INSERT.
 */
export function orderConfirmation(
  order: Pick<OrderRow, 'id'>,
  event: Pick<EventRow, 'title'>,
  ticketCount: number,
  to: string,
): ComposedMail {
  return {
    kind: 'order_confirmation',
    to,
    subject: orderMailSubject(event.title, ticketCount),
    ref: order.id,
  };
}
