import { notFound } from '../errors.js';
import type { OutdatedVenueView } from '../schemas/outdated-venue.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { TicketMailRow, VenueMove, VenueMovesRepo } from '../store/venue-moves-repo.js';
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
    const known = venueLastNamed(
      this.deps.venueMoves.all(eventId),
      this.deps.venueMoves.ticketMails(eventId),
      event.venue,
    );
    // Sold (or handed on) after the latest change: the sale's answer named the venue as it is.
    for (const order of this.deps.venueMoves.ordersSoldBefore(eventId, move.moved_at)) {
      if (known.told(order.order_id, order.created_at)) continue;
      answer.orders.push({
        order_id: order.order_id,
        buyer_name: order.buyer_name,
        email: order.buyer_email,
        tickets: order.tickets,
        mails_failed: known.failed(order.order_id),
      });
    }
    // A holder's own mail names the venue as the buyer's does; the order's resend leaves them out.
    for (const ticket of this.deps.venueMoves.ticketsHandedOnBefore(eventId, move.moved_at)) {
      if (known.told(ticket.ticket_id, ticket.issued_at)) continue;
      answer.tickets.push({
        ticket_id: ticket.ticket_id,
        order_id: ticket.order_id,
        holder_name: ticket.holder_name,
        email: ticket.holder_email,
        mails_failed: known.failed(ticket.ticket_id),
      });
    }
    return answer;
  }
}

/**
 * Whether the newest word an order's buyer (or a transferred ticket's holder) had named the venue
 * as it is now: the sale's (or transfer's) own answer at `handedAt`, then each ticket mail sent
 * since (a mail is composed when it is sent, so it named the venue of that moment), and one still
 * waiting names the venue as it is when it goes. So a change undone (a typo fixed, a move called
 * off) lists only those told the other venue meanwhile, and whichever offer queued a mail (the
 * venue's or the doors' resend) does not matter: nobody is mailed twice for one save. Mails given
 * up carried nothing; counted per order or ticket (their ids never clash).
 */
function venueLastNamed(moves: readonly VenueMove[], mails: readonly TicketMailRow[], venueNow: string) {
  const waiting = new Set<string>();
  const newestSent = new Map<string, number>();
  const failed = new Map<string, number>();
  for (const mail of mails) {
    if (mail.status === 'failed') failed.set(mail.ref, (failed.get(mail.ref) ?? 0) + 1);
    else if (mail.status === 'pending') waiting.add(mail.ref);
    else if (mail.sent_at !== null)
      newestSent.set(mail.ref, Math.max(mail.sent_at, newestSent.get(mail.ref) ?? 0));
  }
  // The venue at `at`: the one the first change after it moved away from, or today's after the last.
  const venueAt = (at: number) => moves.find((move) => move.moved_at > at)?.from_venue ?? venueNow;
  return {
    told: (ref: string, handedAt: number) =>
      waiting.has(ref) || venueAt(Math.max(handedAt, newestSent.get(ref) ?? handedAt)) === venueNow,
    failed: (ref: string) => failed.get(ref) ?? 0,
  };
}
