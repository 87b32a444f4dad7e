import { useEffect } from 'react';
import { venueTimeZone } from '../../../shared/business-day.js';
import { tillTimeZone } from '../lib/zoned-time.js';
import { useEvents } from '../stores/events-store.js';
import { useSettings } from '../stores/settings-store.js';

/**
 * The venue's clock where no report says which events a shift sold for (the Past shifts list,
 * an open shift's heading): the zone the venue's events share, else the server's. A server left
 * on UTC must not list a New York Saturday night under Sunday while its Z report says Saturday.
 */
export function useVenueTimeZone(): string {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const serverZone = useSettings((s) => s.settings.data?.server_timezone) ?? tillTimeZone();
  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  return venueTimeZone(
    (events.data ?? []).map((event) => event.timezone),
    serverZone,
  );
}
