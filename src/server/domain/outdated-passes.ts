import { notFound } from '../errors.js';
import type { OutdatedPassesView } from '../schemas/outdated-passes.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { PassDeliveriesRepo, PaperTicketRow, TicketMailRow } from '../store/pass-deliveries-repo.js';
import { toIso } from '../time.js';
import {
  expiresBeforeDoors,
  newestPassDoors,
  paperPassLifeMs,
  type Delivery,
} from './pass-delivery-rules.js';

export interface OutdatedPassesDeps {
  events: EventsRepo;
  passes: PassDeliveriesRepo;
}

/**
 * Which holders of an event still have only paper passes that expire before its doors (docs/api.md
 * "Out-of-date paper passes"): read from the store, so every till sees the same list, after a
 * reload or a restart, until each has been mailed or handed a pass signed under the doors now.
 */
export class OutdatedPasses {
  constructor(private readonly deps: OutdatedPassesDeps) {}

  forEvent(eventId: string): OutdatedPassesView {
    const event = this.deps.events.find(eventId);
    if (!event) throw notFound('event', eventId);
    const answer: OutdatedPassesView = {
      object: 'outdated_passes',
      event_id: event.id,
      doors_at: toIso(event.doors_at),
      orders: [],
      tickets: [],
    };
    // A cancelled show admits nobody; one whose doors never stood a day earlier has nothing out of date.
    const earliest = this.deps.passes.earliestDoors(eventId);
    if (event.status === 'cancelled' || earliest === null || earliest + paperPassLifeMs >= event.doors_at) {
      return answer;
    }
    const moves = this.deps.passes.moves(eventId);
    const { delivered, failed } = mailsByRef(this.deps.passes.ticketMails(eventId));
    const outdated = (ticket: PaperTicketRow): boolean => {
      const ref = ticket.transferred_from === null ? ticket.order_id : ticket.id;
      const deliveries: Delivery[] = [
        { kind: 'handed', at: ticket.issued_at },
        ...(ticket.last_printed_at === null ? [] : [{ kind: 'handed' as const, at: ticket.last_printed_at }]),
        ...(delivered.get(ref) ?? []),
      ];
      return expiresBeforeDoors(newestPassDoors(deliveries, moves, event.doors_at), event.doors_at);
    };
    const orders = new Map<string, OutdatedPassesView['orders'][number]>();
    for (const ticket of this.deps.passes.paperTickets(eventId)) {
      if (!outdated(ticket)) continue;
      if (ticket.transferred_from !== null) {
        answer.tickets.push({
          ticket_id: ticket.id,
          order_id: ticket.order_id,
          holder_name: ticket.holder_name,
          email: ticket.holder_email,
          mails_failed: failed.get(ticket.id) ?? 0,
        });
        continue;
      }
      const order = orders.get(ticket.order_id);
      if (order) order.tickets++;
      else
        orders.set(ticket.order_id, {
          order_id: ticket.order_id,
          buyer_name: ticket.buyer_name,
          email: ticket.buyer_email,
          tickets: 1,
          mails_failed: failed.get(ticket.order_id) ?? 0,
        });
    }
    answer.orders = [...orders.values()];
    return answer;
  }
}

/**
 * An order's confirmations under its id, a transferred ticket's mails under the ticket's: those
 * sent or waiting, which carry a pass, and how many were given up, which carried none.
 */
function mailsByRef(rows: readonly TicketMailRow[]) {
  const delivered = new Map<string, Delivery[]>();
  const failed = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'failed') {
      failed.set(row.ref, (failed.get(row.ref) ?? 0) + 1);
      continue;
    }
    const list = delivered.get(row.ref) ?? [];
    list.push({ kind: 'mail', status: row.status, sentAt: row.sent_at });
    delivered.set(row.ref, list);
  }
  return { delivered, failed };
}
