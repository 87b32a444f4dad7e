import { formatAttendeeTime } from '../../shared/attendee-time.js';
import { eventMailWindowMs } from '../../shared/event-mail-window.js';
import type { OutgoingMail } from '../domain/mail-port.js';
import { heldByBuyer, isReplacement } from '../domain/mail-subjects.js';
import type { PublicUrls } from '../domain/public-urls.js';
import { eventTimeZone } from '../domain/views.js';
import type { AttendeesRepo } from '../store/attendees-repo.js';
import type { EventRow, EventsRepo } from '../store/events-repo.js';
import type { MailRow } from '../store/mail-repo.js';
import type { OrdersRepo } from '../store/orders-repo.js';
import type { TicketRow, TicketsRepo } from '../store/tickets-repo.js';
import type { TierRow, TiersRepo } from '../store/tiers-repo.js';
import { cancelMail } from './cancel-mail.js';
import { storedMail } from './mail-message.js';
import { orderMail, type MailEvent } from './order-mail.js';
import type { PdfTicket, TicketPdfInput } from './ticket-pdf.js';
import { transferMail } from './transfer-mail.js';

/**
 * The PDF module is loaded by the first mail, not at start: fontkit, bidi-js and their Unicode
 * tables are the largest part of a cold start that has sent no mail yet. The server bundle keeps
 * it in a chunk of its own (scripts/server-bundle.mjs `splitting`).
 */
async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const pdf = await import('./ticket-pdf.js');
  return pdf.renderTicketPdf(input);
}

/** A ticket's paper pass, or null where it has none (its tier takes no paper, or it is not active). */
export type PaperPassOf = (ticket: TicketRow, event: EventRow, tier: TierRow) => string | null;

export interface TicketMailDeps {
  orders: OrdersRepo;
  tickets: TicketsRepo;
  attendees: AttendeesRepo;
  events: EventsRepo;
  tiers: TiersRepo;
  urls: PublicUrls;
  paperPass: PaperPassOf;
  now: () => number;
}

/** A composed mail that has nothing left to say; the sender fails it with this message, at once. */
export class NothingToSend extends Error {}

/**
 * Composes ticket mail when the sender sends it, from the store as it is then: a checkout only
 * queued a row naming the order, so the mail shows the event's current doors time and title, and
 * leaves out tickets voided or transferred meanwhile. Stored `message` rows go out as they are.
 */
export class TicketMailComposer {
  constructor(private readonly deps: TicketMailDeps) {}

  compose = (row: MailRow): Promise<OutgoingMail> => {
    this.refuseLate(row);
    switch (row.kind) {
      case 'message':
        return Promise.resolve(storedMail(row));
      case 'order_confirmation':
        return this.orderConfirmation(this.refOf(row), row.to_email);
      case 'ticket_transfer':
        return this.ticketTransfer(this.refOf(row), row.to_email, paramsOf(row));
      case 'event_cancelled':
        return Promise.resolve(this.eventCancelled(this.refOf(row), row.to_email, paramsOf(row)));
    }
  };

  /** No PDF: the tickets no longer admit anyone. The event as it is now (title, doors). */
  private eventCancelled(eventId: string, to: string, params: Record<string, string>): OutgoingMail {
    const event = this.event(eventId);
    return cancelMail({
      to,
      event: this.mailEvent(event),
      tickets: Number(params.tickets ?? '1'),
      message: params.message,
    });
  }

  /** Throws NothingToSend for a mail that waited past its event's end (eventMailWindowMs). */
  private refuseLate(row: MailRow): void {
    if (row.kind === 'message' || row.ref === null) return;
    const event = this.eventOfRef(row.kind, row.ref);
    if (!event) return;
    const end = event.doors_at + eventMailWindowMs;
    if (row.created_at > end || this.deps.now() <= end) return;
    const doors = formatAttendeeTime(event.doors_at, eventTimeZone(event));
    const resend =
      row.kind === 'order_confirmation'
        ? ' Resend the order to send the tickets anyway.'
        : row.kind === 'ticket_transfer'
          ? ' Resend the ticket to send it anyway.'
          : '';
    throw new NothingToSend(
      `${event.title} (doors ${doors}) was over before this mail could go out, so it was not sent late.${resend}`,
    );
  }

  private eventOfRef(kind: Exclude<MailRow['kind'], 'message'>, ref: string): EventRow | undefined {
    const eventId =
      kind === 'event_cancelled'
        ? ref
        : kind === 'order_confirmation'
          ? this.deps.orders.find(ref)?.event_id
          : this.deps.tickets.find(ref)?.event_id;
    return eventId === undefined ? undefined : this.deps.events.find(eventId);
  }

  private refOf(row: MailRow): string {
    if (row.ref === null) throw new NothingToSend(`This ${row.kind} mail names no order, ticket or event.`);
    return row.ref;
  }

  private async orderConfirmation(orderId: string, to: string): Promise<OutgoingMail> {
    const order = this.deps.orders.find(orderId);
    if (!order) throw new NothingToSend(`Order ${orderId} no longer exists.`);
    const event = this.event(order.event_id);
    const tickets = this.deps.tickets.forOrder(orderId).filter(heldByBuyer);
    if (tickets.length === 0) {
      throw new NothingToSend(
        `Every ticket of order ${orderId} was voided, refunded or transferred before this mail went out; there was nothing to send.`,
      );
    }
    const pdfTickets = tickets.map((ticket) => this.pdfTicket(ticket, event));
    const mailEvent = this.mailEvent(event);
    const pdf = await renderTicketPdf({ ...pdfEventOf(mailEvent), orderId, tickets: pdfTickets });
    return orderMail({
      to,
      buyerName: order.buyer_name,
      orderId,
      event: mailEvent,
      tickets: pdfTickets,
      pdf,
    });
  }

  private async ticketTransfer(
    ticketId: string,
    to: string,
    params: Record<string, string>,
  ): Promise<OutgoingMail> {
    const ticket = this.deps.tickets.find(ticketId);
    if (!ticket) throw new NothingToSend(`Ticket ${ticketId} no longer exists.`);
    if (ticket.status !== 'active') {
      throw new NothingToSend(
        `Ticket ${ticketId} was ${ticket.status} before this mail went out; there was nothing to send.`,
      );
    }
    const event = this.event(ticket.event_id);
    const original = ticket.transferred_from ? this.deps.tickets.find(ticket.transferred_from) : undefined;
    const sender = original ? this.deps.attendees.find(original.attendee_id) : undefined;
    const holder = this.deps.attendees.find(ticket.attendee_id);
    const pdfTicket = this.pdfTicket(ticket, event);
    const mailEvent = this.mailEvent(event);
    const pdf = await renderTicketPdf({
      ...pdfEventOf(mailEvent),
      orderId: ticket.order_id,
      tickets: [pdfTicket],
    });
    return transferMail({
      to,
      recipientName: pdfTicket.attendeeName,
      senderName: sender?.name ?? null,
      replaces: original && isReplacement(sender?.email, holder?.email) ? original.id : null,
      event: mailEvent,
      ticket: pdfTicket,
      message: params.message,
      pdf,
    });
  }

  private event(id: string): EventRow {
    const event = this.deps.events.find(id);
    if (!event) throw new NothingToSend(`Event ${id} no longer exists.`);
    return event;
  }

  private mailEvent(event: EventRow): MailEvent {
    return {
      title: event.title,
      venue: event.venue,
      doors: formatAttendeeTime(event.doors_at, eventTimeZone(event)),
    };
  }

  private pdfTicket(ticket: TicketRow, event: EventRow): PdfTicket {
    const tier = this.deps.tiers.find(ticket.tier_id);
    if (!tier) throw new NothingToSend(`Tier ${ticket.tier_id} no longer exists.`);
    return {
      id: ticket.id,
      tierName: tier.name,
      attendeeName: this.deps.attendees.find(ticket.attendee_id)?.name ?? null,
      walletUrl: this.deps.urls.walletPage(ticket.wallet_secret),
      paperPass: this.deps.paperPass(ticket, event, tier),
    };
  }
}

const pdfEventOf = (event: MailEvent) => ({
  eventTitle: event.title,
  venue: event.venue,
  doors: event.doors,
});

function paramsOf(row: MailRow): Record<string, string> {
  if (row.params === null) return {};
  const parsed = JSON.parse(row.params) as unknown;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
}
