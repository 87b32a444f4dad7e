import { notFound } from '../errors.js';
import type { OutdatedPassesView } from '../schemas/outdated-passes.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { PassDeliveriesRepo } from '../store/pass-deliveries-repo.js';
import { toIso } from '../time.js';
import { paperPassLifeMs } from './pass-delivery-rules.js';

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
    for (const row of this.deps.passes.outdatedHolders(eventId, event.doors_at, paperPassLifeMs)) {
      if (row.ticket_id === null)
        answer.orders.push({
          order_id: row.order_id,
          buyer_name: row.name,
          email: row.email,
          tickets: row.tickets,
          mails_failed: row.mails_failed,
        });
      else
        answer.tickets.push({
          ticket_id: row.ticket_id,
          order_id: row.order_id,
          holder_name: row.name,
          email: row.email,
          mails_failed: row.mails_failed,
        });
    }
    return answer;
  }
}
