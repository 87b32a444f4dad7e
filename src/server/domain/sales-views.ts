import type { AttendeeView } from '../schemas/attendees.js';
import type { OrderView, RefundView } from '../schemas/orders.js';
import type { PayoutView } from '../schemas/payouts.js';
import type { TicketView } from '../schemas/tickets.js';
import type { AttendeeRow } from '../store/attendees-repo.js';
import type { OrderRow } from '../store/orders-repo.js';
import type { PayoutRow } from '../store/payouts-repo.js';
import type { RefundRow, RefundsRepo } from '../store/refunds-repo.js';
import type { TicketRow, TicketsRepo } from '../store/tickets-repo.js';
import type { TicketIssuer } from '../tokens/ticket-issuer.js';
import { isoOrNull, toIso } from '../time.js';
import type { PublicUrls } from './public-urls.js';

export interface SalesViewsDeps {
  urls: PublicUrls;
  issuer: TicketIssuer;
  tickets: TicketsRepo;
  refunds: RefundsRepo;
}

export const refundReasons = ['requested', 'ticket_voided'] as const;
export type RefundReason = (typeof refundReasons)[number];

export function viewRefund(row: RefundRow): RefundView {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    ticket_id: row.ticket_id,
    reason: row.reason as RefundReason,
    shift_id: row.shift_id,
    method: row.method,
    note: row.note,
    created_at: toIso(row.created_at),
  };
}

export function viewAttendee(row: AttendeeRow): AttendeeView {
  return {
    id: row.id,
    event_id: row.event_id,
    order_id: row.order_id,
    ticket_id: row.ticket_id,
    name: row.name,
    email: row.email,
    created_at: toIso(row.created_at),
  };
}

export function viewPayout(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    event_id: row.event_id,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    created_at: toIso(row.created_at),
    paid_at: isoOrNull(row.paid_at),
    cancelled_at: isoOrNull(row.cancelled_at),
  };
}

/** Views of orders and tickets need the credential issuer and URLs, so they live on one object. */
export class SalesViews {
  constructor(private readonly deps: SalesViewsDeps) {}

  /**
   * Every ticket carries a token, dead ones too: the door then answers `voided` or `transferred`
   * (telling staff why) instead of a bare signature failure. The status check is what refuses.
   * Only an active ticket of a tier that allows paper has a paper pass. Pass the credentials when
   * already at hand (TicketAnswers fetched them to see whether they changed).
   */
  ticket(
    row: TicketRow,
    token = this.deps.issuer.rotating(row),
    pass = this.deps.issuer.passFor(row),
  ): TicketView {
    return {
      id: row.id,
      order_id: row.order_id,
      event_id: row.event_id,
      tier_id: row.tier_id,
      attendee_id: row.attendee_id,
      status: row.status,
      scan_count: row.scan_count,
      price_cents: row.price_cents,
      wallet_url: this.deps.urls.walletPage(row.wallet_secret),
      qr_token: token,
      paper_pass: pass,
      issued_at: toIso(row.issued_at),
      transferred_from: row.transferred_from,
      transferred_to: row.transferred_to,
    };
  }

  /** Pass the order's tickets and refunds when already at hand (checkout) to skip the queries. */
  order(
    row: OrderRow,
    tickets: readonly TicketRow[] = this.deps.tickets.forOrder(row.id),
    refunds: readonly RefundRow[] = this.deps.refunds.forOrder(row.id),
  ): OrderView {
    const buyer =
      row.buyer_name === null && row.buyer_email === null
        ? null
        : { name: row.buyer_name, email: row.buyer_email };
    return {
      id: row.id,
      event_id: row.event_id,
      status: row.status,
      buyer,
      total_cents: row.total_cents,
      refunded_cents: row.refunded_cents,
      currency: row.currency,
      payment_method: row.payment_method,
      channel: row.channel,
      comp_reason: row.comp_reason,
      tickets: tickets.map((t) => this.ticket(t)),
      refunds: refunds.map(viewRefund),
      shift_id: row.shift_id,
      created_at: toIso(row.created_at),
    };
  }
}
