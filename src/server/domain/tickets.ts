import { ApiError, conflict, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { responseJson } from '../schemas/response-json.js';
import {
  Ticket,
  type TicketResendInput,
  type TicketView,
  type TransferInput,
  type VoidInput,
} from '../schemas/tickets.js';
import type { AttendeesRepo } from '../store/attendees-repo.js';
import type { EventRow, EventsRepo } from '../store/events-repo.js';
import type { TicketRow } from '../store/tickets-repo.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, ActionTx, Answer } from './action-runner.js';
import type { Caller } from './api-keys.js';
import { newWalletSecret } from './checkout.js';
import { notTheKiosks, ownedByCaller } from './orders.js';
import { ledgerMoment, recordRefund, voidTicket, type LedgerDeps } from './refund-ledger.js';
import type { TicketAnswers } from './ticket-answers.js';
import { isReplacement, transferMailSubject } from './mail-subjects.js';
import type { MailDrop } from './mail-port.js';

const ticketJson = responseJson(Ticket);

export interface TicketsDeps extends LedgerDeps {
  actions: ActionRunner;
  answers: TicketAnswers;
  events: EventsRepo;
  attendees: AttendeesRepo;
  mail: MailDrop;
  now: () => number;
}

const notActive = (ticket: TicketRow) =>
  conflict(
    'ticket_not_active',
    `This ticket is ${ticket.status}; only an active ticket can be transferred or voided.`,
  );

const eventCancelled = () =>
  conflict(
    'event_cancelled',
    'This event is cancelled; its tickets admit nobody, so they are not transferred or sent again.',
  );

/** A ticket's life after checkout: read, transfer to someone else, void. */
export class TicketsService {
  constructor(private readonly deps: TicketsDeps) {}

  require(id: string): TicketRow {
    const row = this.deps.tickets.find(id);
    if (!row) throw notFound('ticket', id);
    return row;
  }

  /** The ticket as the GET route answers it, serialized (kept in memory: TicketAnswers). */
  getJson(id: string, caller: Caller = null): string {
    if (caller?.scope === 'kiosk') {
      // Its order says whose it is (docs/api.md "The kiosk scope"); two reads, kiosk keys only.
      const order = this.deps.orders.find(this.require(id).order_id);
      if (!order) throw notFound('ticket', id);
      if (!ownedByCaller(order, caller)) throw notTheKiosks('ticket');
    }
    const json = this.deps.answers.json(id);
    if (json === undefined) throw notFound('ticket', id);
    return json;
  }

  /**
   * Mints the recipient's ticket and attendee, retires the original and queues the recipient's
   * mail (their ticket as a PDF, composed when it is sent), all in one transaction.
   */
  transfer(action: ActionContext, id: string, input: TransferInput): Promise<Answer<TicketView>> {
    return this.deps.actions.run(action, ticketJson, () => {
      if (input.message !== undefined && input.to_email === null) {
        throw invalidField(
          'message',
          'A message goes with the mail: give `to_email` an address, or leave the message out.',
        );
      }
      const at = this.deps.now();
      const current = this.require(id);
      const event = this.deps.events.find(current.event_id);
      this.checkTransferable(current, event);
      const newTicketId = newId('ticket');
      const oldAttendee = this.deps.attendees.find(current.attendee_id);
      const attendeeId = newId('attendee');
      this.deps.attendees.insert({
        id: attendeeId,
        event_id: current.event_id,
        order_id: current.order_id,
        ticket_id: newTicketId,
        name: input.name ?? null,
        email: input.to_email,
        created_at: at,
        updated_at: at,
      });
      const ticket: TicketRow = {
        ...current,
        seq: 0,
        id: newTicketId,
        attendee_id: attendeeId,
        status: 'active',
        scan_count: 0,
        wallet_secret: newWalletSecret(),
        transferred_from: current.id,
        transferred_to: null,
        issued_at: at,
        // Signed in this transaction, when the answer below is made: a transfer is rare enough.
        pass_iat: Math.floor(at / 1000),
        voided_at: null,
        updated_at: at,
      };
      this.deps.tickets.insert(ticket);
      if (!this.deps.tickets.markTransferred(current.id, newTicketId, at)) throw notActive(current);
      this.deps.issuer.forget(current.id);
      const view = this.deps.views.ticket(ticket);
      // null: the ticket is handed over in person (a cash guest who gave none, printed at
      // the box office), so there is nothing to mail.
      if (input.to_email !== null) {
        this.deps.mail.enqueueComposed({
          kind: 'ticket_transfer',
          to: input.to_email,
          subject: transferMailSubject(
            oldAttendee?.name ?? null,
            event?.title ?? 'your event',
            isReplacement(oldAttendee?.email, input.to_email),
          ),
          ref: newTicketId,
          // The one input the store does not keep; the rest is read when the mail is composed.
          ...(input.message ? { params: { message: input.message } } : {}),
        });
      }
      // The webhook carries the same object the caller gets: the new ticket, whose
      // transferred_from names the original.
      this.deps.outbox.emit('ticket.transferred', view);
      this.deps.actions.audit({
        action: 'ticket.transferred',
        objectType: 'ticket',
        objectId: current.id,
        orderId: current.order_id,
        data: { to_ticket_id: newTicketId },
      });
      return view;
    });
  }

  /**
   * Irreversible. The seat is not put back on sale (tier `sold` is unchanged): a voided ticket is
   * usually stolen or double-listed, and staff decide whether to resell by raising `quantity`.
   */
  void(action: ActionContext, id: string, input: VoidInput): Promise<Answer<TicketView>> {
    return this.deps.actions.run(action, ticketJson, () => {
      const when = ledgerMoment(this.deps, action.actor.apiKeyId, this.deps.now());
      const ticket = this.require(id);
      const voided = voidTicket(this.deps, ticket.id, when);
      if (!voided) throw notActive(ticket);
      if (input.refund !== false) {
        const order = this.deps.orders.find(ticket.order_id);
        const amount = order ? Math.min(ticket.price_cents, order.total_cents - order.refunded_cents) : 0;
        // A free ticket, or an order refunded already by amount, leaves nothing to give back.
        if (order && amount > 0) recordRefund(this.deps, order, amount, ticket.id, 'ticket_voided', when);
      }
      return this.deps.views.ticket(this.require(id));
    });
  }

  /** A scanned ticket stays with whoever walked in on it; handing it on would admit two people. */
  /**
   * Mails a transfer's recipient their ticket again (the transfer mail, composed when sent), to
   * their attendee email or to `email` this once: their first mail was mistyped, refused or lost.
   * Only a ticket that reached its holder by a transfer: the buyer's own tickets go with the
   * order's resend, which leaves the recipients' out. Answers the queued mail's id; runs inside
   * the caller's action (routes/tickets.ts), as the order's resend does.
   */
  resend(tx: ActionTx, id: string, input: TicketResendInput): string {
    const ticket = this.require(id);
    // Not active first: one handed on since is its new holder's, whoever held it before.
    if (ticket.status !== 'active') {
      throw conflict('ticket_not_active', `This ticket is ${ticket.status}; there is nothing to send.`);
    }
    if (ticket.transferred_from === null) {
      throw conflict(
        'ticket_not_transferred',
        "This ticket is the buyer's own: send it with the order's tickets (POST /v2/orders/{id}/resend).",
      );
    }
    const event = this.deps.events.find(ticket.event_id);
    if (event?.status === 'cancelled') throw eventCancelled();
    const holder = this.deps.attendees.find(ticket.attendee_id);
    const to = input.email ?? holder?.email ?? null;
    if (to === null) {
      throw new ApiError(
        400,
        'missing_field',
        'This ticket’s holder has no email to send it to; give an address as `email`.',
        'email',
      );
    }
    const from = this.deps.tickets.find(ticket.transferred_from);
    const sender = from ? this.deps.attendees.find(from.attendee_id) : undefined;
    const mailId = this.deps.mail.enqueueComposed({
      kind: 'ticket_transfer',
      to,
      subject: transferMailSubject(
        sender?.name ?? null,
        event?.title ?? 'your event',
        isReplacement(sender?.email, holder?.email),
      ),
      ref: ticket.id,
    });
    tx.audit({
      action: 'ticket.mail_resent',
      objectType: 'ticket',
      objectId: ticket.id,
      orderId: ticket.order_id,
      data: { mail_id: mailId, to_holder: input.email === undefined || input.email === holder?.email },
    });
    return mailId;
  }

  private checkTransferable(ticket: TicketRow, event: EventRow | undefined): void {
    if (event?.status === 'cancelled') throw eventCancelled();
    if (ticket.status !== 'active') throw notActive(ticket);
    if (ticket.scan_count > 0) {
      throw conflict(
        'ticket_already_scanned',
        'This ticket has already been used at the door and can no longer be transferred.',
      );
    }
  }
}
