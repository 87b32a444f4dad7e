import type { EventView } from '../api/types.js';
import { useNow } from '../hooks/use-now.js';
import { eventGroups } from '../lib/event-season.js';

/**
 * An event picker's options, upcoming (soonest first) then past (latest first), in labelled groups:
 * after a year of shows, tonight's is near the top instead of after last year's.
 */
export function EventOptions({
  events,
  label = (e) => e.title,
}: {
  events: readonly EventView[];
  label?: (event: EventView) => string;
}) {
  const now = useNow();
  return (
    <>
      {eventGroups(events, now).map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.events.map((event) => (
            <option key={event.id} value={event.id}>
              {label(event)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
