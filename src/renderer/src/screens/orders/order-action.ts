import type { AttendeeView, TicketView } from '../../api/types.js';

/** What staff opened on an order: a dialog about the order or one of its tickets. */
export type OrderAction =
  | { kind: 'refund' }
  | { kind: 'resend' }
  | { kind: 'buyer' }
  | { kind: 'void'; ticket: TicketView }
  | { kind: 'transfer'; ticket: TicketView }
  | { kind: 'replace'; ticket: TicketView }
  | { kind: 'holder'; holder: AttendeeView; transferredIn: boolean }
  | { kind: 'ticket-mail'; ticket: TicketView; to: string };
