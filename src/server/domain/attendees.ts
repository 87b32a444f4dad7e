import { notFound } from '../errors.js';
import { Attendee, type AttendeePatchInput, type AttendeeView } from '../schemas/attendees.js';
import { responseJson } from '../schemas/response-json.js';
import type { AttendeeRow, AttendeesRepo } from '../store/attendees-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { Outbox } from './outbox.js';
import { viewAttendee } from './sales-views.js';
import { changedFields } from './audit-entry.js';

const attendeeJson = responseJson(Attendee);
/** The attendees list a cursor belongs to: one event's (store/pagination.ts). */
const attendeesList = (eventId: string) => new ListCursor('attendees', { eventId });

export interface AttendeesDeps {
  actions: ActionRunner;
  events: EventsRepo;
  attendees: AttendeesRepo;
  outbox: Outbox;
  now: () => number;
}

/** The people tickets are for; the box office corrects names and emails here. */
export class AttendeesService {
  constructor(private readonly deps: AttendeesDeps) {}

  require(id: string): AttendeeRow {
    const row = this.deps.attendees.find(id);
    if (!row) throw notFound('attendee', id);
    return row;
  }

  get(id: string): AttendeeView {
    return viewAttendee(this.require(id));
  }

  list(eventId: string, limit: number, cursor: string | undefined): Page<AttendeeView> {
    if (!this.deps.events.find(eventId)) throw notFound('event', eventId, 'event_id');
    const list = attendeesList(eventId);
    const rows = this.deps.attendees.page(eventId, list.decode(cursor), limit + 1);
    return toPage(rows, limit, viewAttendee, list);
  }

  /** As `orders.checkCursor`: the CSV export ignores a good cursor and refuses a bad one. */
  checkCursor(eventId: string, cursor: string | undefined): void {
    attendeesList(eventId).decode(cursor);
  }

  /** `null` clears a field. `attendee.updated` fires only when something actually changed. */
  update(action: ActionContext, id: string, input: AttendeePatchInput): Promise<Answer<AttendeeView>> {
    return this.deps.actions.run(action, attendeeJson, (tx) => {
      const current = this.require(id);
      const name = input.name === undefined ? current.name : input.name;
      const email = input.email === undefined ? current.email : input.email;
      if (name === current.name && email === current.email) {
        tx.unchanged();
        return viewAttendee(current);
      }
      const updated = { ...current, name, email, updated_at: this.deps.now() };
      this.deps.attendees.update(updated);
      const view = viewAttendee(updated);
      this.deps.outbox.emit('attendee.updated', view);
      tx.audit({
        action: 'attendee.updated',
        objectType: 'attendee',
        objectId: id,
        orderId: current.order_id,
        data: { ticket_id: current.ticket_id, changed: changedFields(input) },
      });
      return view;
    });
  }
}
