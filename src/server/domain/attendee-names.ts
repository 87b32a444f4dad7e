import type { Db } from '../store/db.js';
import type { DoorLookupRepo } from '../store/door-lookup-repo.js';
import { watchRowChanges } from '../store/row-changes.js';
import { foldForMatch } from '../../shared/search-fold.js';

interface EventNames {
  /** Highest attendee seq read so far: the next read takes only newer rows. */
  lastSeq: number;
  /** Folded names (foldForMatch: "fernandez" finds Fernández) and their tickets, side by side, in sale order. */
  names: string[];
  tickets: string[];
}

/** Events whose names are kept; a venue runs one or two shows a night. */
const maxEvents = 8;

/**
 * The guest list of an event held in memory for the door's name search. A substring search in
 * SQL (instr(lower(name), ?)) reads every attendee row of the event when few match: 100,000 rows
 * took 30-40 ms, past the 20 ms a door may wait. Here a search is one pass of includes() over
 * lower-cased strings, after reading only the attendees added since the last search
 * (attendees_by_event). A renamed attendee (PATCH, which is rare) drops every list, read again
 * on the next search: the change trigger names the attendee, not its event, and must not read
 * the store (store/row-changes.ts).
 *
 * Names are folded with toLowerCase(), which knows every script (SQLite's lower() knows ASCII),
 * and without their accents, as the till's order search compares them.
 */
export class AttendeeNames {
  private readonly events = new Map<string, EventNames>();

  constructor(
    db: Db,
    private readonly repo: DoorLookupRepo,
  ) {
    watchRowChanges(db, 'attendees', () => this.events.clear());
  }

  /** Tickets whose attendee name contains `needle` (any case or accents), in sale order, at most `limit`. */
  search(eventId: string, needle: string, limit: number): string[] {
    const list = this.catchUp(eventId);
    const want = foldForMatch(needle);
    const found: string[] = [];
    const { names, tickets } = list;
    for (let i = 0; i < names.length && found.length < limit; i++)
      if (names[i]!.includes(want)) found.push(tickets[i]!);
    return found;
  }

  private catchUp(eventId: string): EventNames {
    let list = this.events.get(eventId);
    if (!list) {
      if (this.events.size >= maxEvents) this.events.delete(this.events.keys().next().value as string);
      list = { lastSeq: 0, names: [], tickets: [] };
      this.events.set(eventId, list);
    }
    for (const [seq, ticketId, name] of this.repo.namesSince(eventId, list.lastSeq)) {
      list.names.push(foldForMatch(name ?? ''));
      list.tickets.push(ticketId);
      list.lastSeq = seq;
    }
    return list;
  }
}
