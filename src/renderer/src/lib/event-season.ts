import { isShowOver } from '../../../shared/sale-state.js';
import type { EventView } from '../api/types.js';

const doors = (event: EventView) => Date.parse(event.doors_at);
const soonestFirst = (list: EventView[]) => list.sort((a, b) => doors(a) - doors(b));
const latestFirst = (list: EventView[]) => list.sort((a, b) => doors(b) - doors(a));

/**
 * Over: its doors opened more than the evening's grace ago (src/shared/sale-state.ts, the rule the
 * attendee's event page uses too). A show that opened at 19:00 is still sold, refunded and scanned
 * for until the small hours (the wallet strip runs to doors + 12 h).
 */
export function isPastEvent(event: EventView, now: number): boolean {
  return isShowOver(doors(event), now);
}

/** Not yet over, soonest doors first: tonight's show, then the next ones. */
export function upcomingFirst(events: readonly EventView[], now: number): EventView[] {
  return soonestFirst(events.filter((e) => !isPastEvent(e, now)));
}

/** Over, the latest first: last night's show, then the one before. */
export function latestPastFirst(events: readonly EventView[], now: number): EventView[] {
  return latestFirst(events.filter((e) => isPastEvent(e, now)));
}

/**
 * Published and not over, tonight's first: what a till sells, and the events the scan monitor's
 * "All events" counts people inside of (a year of past shows would be a request each every
 * read, and a past show nobody scanned out of would still count people inside).
 */
export function liveEvents(events: readonly EventView[], now: number): EventView[] {
  return upcomingFirst(
    events.filter((e) => e.status === 'published'),
    now,
  );
}

/** The events a till sells. */
export const sellableEvents = liveEvents;

export interface EventGroup {
  label: 'Upcoming' | 'Past';
  events: EventView[];
}

/**
 * An event picker's groups after a year of shows: the coming ones first (soonest first), then the
 * past ones latest first, so tonight's show and last night's are at the top rather than last
 * year's first show. Empty groups are left out.
 */
export function eventGroups(events: readonly EventView[], now: number): EventGroup[] {
  const groups: EventGroup[] = [
    { label: 'Upcoming', events: upcomingFirst(events, now) },
    { label: 'Past', events: latestPastFirst(events, now) },
  ];
  return groups.filter((g) => g.events.length > 0);
}

export type EventsView = 'upcoming' | 'past' | 'drafts' | 'cancelled' | 'all';

/** The Events screen's views: what is coming (drafts included), what is over, drafts, cancelled. */
export function eventsInView(events: readonly EventView[], view: EventsView, now: number): EventView[] {
  switch (view) {
    case 'upcoming':
      return upcomingFirst(
        events.filter((e) => e.status !== 'cancelled'),
        now,
      );
    case 'past':
      return latestPastFirst(
        events.filter((e) => e.status === 'published'),
        now,
      );
    case 'drafts':
      return soonestFirst(events.filter((e) => e.status === 'draft'));
    case 'cancelled':
      return latestFirst(events.filter((e) => e.status === 'cancelled'));
    case 'all':
      return [...upcomingFirst(events, now), ...latestPastFirst(events, now)];
  }
}
