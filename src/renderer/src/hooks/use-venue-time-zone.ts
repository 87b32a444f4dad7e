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
  return useVenueClock().zone;
}

/**
 * The venue's clock once the events and the settings have been read (or failed to be), else
 * null: a screen that asks the server for figures by that clock (Takings) waits for it rather
 * than asking on the server's zone first and showing those figures for a moment.
 */
export function useKnownVenueTimeZone(): string | null {
  const { zone, known } = useVenueClock();
  return known ? zone : null;
}

function useVenueClock(): { zone: string; known: boolean } {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const settings = useSettings((s) => s.settings);
  const serverZone = settings.data?.server_timezone ?? tillTimeZone();
  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  const answered = (state: string, data: unknown) => data !== null || state === 'error';
  return {
    zone: venueTimeZone(
      (events.data ?? []).map((event) => event.timezone),
      serverZone,
    ),
    known: answered(events.state, events.data) && answered(settings.state, settings.data),
  };
}
