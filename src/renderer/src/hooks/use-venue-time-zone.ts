import { useEffect } from 'react';
import { venueTimeZone } from '../../../shared/business-day.js';
import { tillTimeZone } from '../lib/zoned-time.js';
import { useEvents } from '../stores/events-store.js';
import { useSettings } from '../stores/settings-store.js';

/**
 * The venue's clock (Settings › Venue, `venue_timezone`) for the cash-up screens: Takings,
 * Payouts, Past shifts, the shift and Z reports. A server left on UTC, or a touring show's
 * stream from Berlin, must not move a London Saturday night's takings to another day.
 */
export function useVenueTimeZone(): string {
  return useVenueClock().zone;
}

/**
 * The venue's clock once the settings have been read (or failed to be), else null: a screen
 * that asks the server for figures by that clock (Takings) waits for it rather than asking on
 * another zone first and showing those figures for a moment.
 */
export function useKnownVenueTimeZone(): string | null {
  const { zone, known } = useVenueClock();
  return known ? zone : null;
}

function useVenueClock(): { zone: string; known: boolean } {
  const settings = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.loadSettings);
  const setZone = settings.data?.venue_timezone;
  // Only when the settings cannot be read: the zone the venue's events share, else this till's.
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const unreadable = settings.state === 'error' && !setZone;
  useEffect(() => {
    if (settings.state === 'idle') void loadSettings();
  }, [settings.state, loadSettings]);
  useEffect(() => {
    if (unreadable && events.state === 'idle') void loadEvents();
  }, [unreadable, events.state, loadEvents]);
  if (setZone) return { zone: setZone, known: true };
  const fallback = venueTimeZone(
    (events.data ?? []).map((event) => event.timezone),
    tillTimeZone(),
  );
  const eventsAnswered = events.data !== null || events.state === 'error';
  return { zone: fallback, known: unreadable && eventsAnswered };
}
