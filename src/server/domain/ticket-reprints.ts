import { conflict, notFound } from '../errors.js';
import { Ticket, type TicketView } from '../schemas/tickets.js';
import { responseJson } from '../schemas/response-json.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { PassDeliveriesRepo } from '../store/pass-deliveries-repo.js';
import type { TicketsRepo } from '../store/tickets-repo.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { SalesViews } from './sales-views.js';

const ticketJson = responseJson(Ticket);

export interface TicketReprintsDeps {
  actions: ActionRunner;
  tickets: TicketsRepo;
  events: EventsRepo;
  passes: PassDeliveriesRepo;
  views: SalesViews;
  now: () => number;
}

/**
 * A ticket's paper slip printed again at the box office (POST /v2/tickets/{id}/reprint): the
 * answer carries the pass to print, signed under the doors as they are now (a phones-only tier's
 * has none: its slip carries the wallet link), and the print is
 * recorded, so a holder put right after a postponement leaves the out-of-date list
 * (GET /v2/events/{id}/outdated_passes) and the order's history says who reprinted it.
 */
export class TicketReprints {
  constructor(private readonly deps: TicketReprintsDeps) {}

  reprint(action: ActionContext, id: string): Promise<Answer<TicketView>> {
    return this.deps.actions.run(action, ticketJson, (tx) => {
      const ticket = this.deps.tickets.find(id);
      if (!ticket) throw notFound('ticket', id);
      if (ticket.status !== 'active') {
        throw conflict(
          'ticket_not_active',
          `This ticket is ${ticket.status}; only an active ticket is printed again.`,
        );
      }
      if (this.deps.events.find(ticket.event_id)?.status === 'cancelled') {
        throw conflict(
          'event_cancelled',
          'This event is cancelled; its tickets admit nobody, so none is printed.',
        );
      }
      this.deps.passes.recordPrint(ticket.id, this.deps.now());
      tx.audit({
        action: 'ticket.reprinted',
        objectType: 'ticket',
        objectId: ticket.id,
        orderId: ticket.order_id,
      });
      return this.deps.views.ticket(ticket);
    });
  }
}
