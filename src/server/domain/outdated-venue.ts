import { notFound } from '../errors.js';
import type { OutdatedVenueView } from '../schemas/outdated-venue.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { TicketMailRow, VenueMovesRepo } from '../store/venue-moves-repo.js';
import { toIso } from '../time.js';

export interface OutdatedVenueDeps {
  events: EventsRepo;
  venueMoves: VenueMovesRepo;
}

/**
 * Which buyers of an event, and holders of tickets handed on to them, were not told its venue
 * changed (docs/api.md "Buyers not told of a venue change"): read from the store, so every till
 * sees the same list, after a reload or a restart, until each has had a ticket mail since.
 */
export class OutdatedVenue {
  constructor(private readonly deps: OutdatedVenueDeps) {}

  forEvent(eventId: string): OutdatedVenueView {
    const event = this.deps.events.find(eventId);
    if (!event) throw notFound('event', eventId);
    const move = this.deps.venueMoves.latest(eventId);
    const answer: OutdatedVenueView = {
      object: 'outdated_venue',
      event_id: event.id,
      venue: event.venue,
      moved_from: move?.from_venue ?? null,
      moved_at: move === null ? null : toIso(move.moved_at),
      orders: [],
      tickets: [],
    };
    // A cancelled show has no venue to go to: its buyers were mailed the cancellation.
    if (move === null || event.status === 'cancelled') return answer;
    const { toldSince, failed } = mailedSince(this.deps.venueMoves.ticketMails(eventId), move.moved_at);
    for (const order of this.deps.venueMoves.ordersSoldBefore(eventId, move.moved_at)) {
      if (toldSince.has(order.order_id)) continue;
      answer.orders.push({
        order_id: order.order_id,
        buyer_name: order.buyer_name,
        email: order.buyer_email,
        tickets: order.tickets,
        mails_failed: failed.get(order.order_id) ?? 0,
      });
    }
    // A holder's own mail names the venue as the buyer's does; the order's resend leaves them out.
    for (const ticket of this.deps.venueMoves.ticketsHandedOnBefore(eventId, move.moved_at)) {
      if (toldSince.has(ticket.ticket_id)) continue;
      answer.tickets.push({
        ticket_id: ticket.ticket_id,
        order_id: ticket.order_id,
        holder_name: ticket.holder_name,
        email: ticket.holder_email,
        mails_failed: failed.get(ticket.ticket_id) ?? 0,
      });
    }
    return answer;
  }
}

/**
 * The orders (and transferred tickets) whose buyer (holder) has a ticket mail naming the venue as
 * it is since `movedAt`: a mail is composed when it is sent, so one sent since the change named
 * the new venue and one still waiting will. Whichever offer queued it (the venue's or the doors'
 * resend) does not matter, so nobody is mailed twice for one save. Mails given up carried
 * nothing; counted per order or ticket (their ids never clash).
 */
function mailedSince(rows: readonly TicketMailRow[], movedAt: number) {
  const toldSince = new Set<string>();
  const failed = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'failed') failed.set(row.ref, (failed.get(row.ref) ?? 0) + 1);
    else if (row.status === 'pending' || (row.sent_at !== null && row.sent_at >= movedAt))
      toldSince.add(row.ref);
  }
  return { toldSince, failed };
}
