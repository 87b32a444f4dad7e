import { useEffect, useState } from 'react';
import { ErrorNote, Loading } from '../../components/states.js';
import { eventToForm, newEventCurrency, parseEventCreate } from '../../lib/event-form.js';
import { Link, navigate } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { EventFormView } from './event-form.js';

export function NewEventScreen() {
  const createEvent = useEvents((s) => s.createEvent);
  const settings = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.loadSettings);
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  // The form keeps what it started with, so it waits for a fresh read of the events that say the
  // currency (another screen may have added one since); a list that could not be read starts
  // from usd, as before.
  const [eventsRead, setEventsRead] = useState(false);
  useEffect(() => {
    void loadEvents().finally(() => setEventsRead(true));
  }, [loadEvents]);
  return (
    <section className="screen narrow">
      <header className="screen-head">
        <div>
          <p className="crumbs">
            <Link to="/events">Events &amp; tiers</Link> /
          </p>
          <h1>New event</h1>
        </div>
      </header>
      <p className="muted">New events start as drafts: add tiers, then publish to put them on sale.</p>
      {/* The form starts from the venue's name and clock (Settings › Venue), so it waits for them. */}
      {settings.data && eventsRead ? (
        <EventFormView
          initial={eventToForm(undefined, {
            venue: settings.data.venue_name,
            timezone: settings.data.venue_timezone,
            currency: events.data ? newEventCurrency(events.data) : undefined,
          })}
          submitLabel="Create event"
          onSubmit={async (form) => {
            const parsed = parseEventCreate(form);
            if (!parsed.body) return parsed.errors;
            const event = await createEvent(parsed.body);
            navigate(`/events/${event.id}`);
          }}
        />
      ) : settings.state === 'error' ? (
        <ErrorNote message={settings.error} onRetry={() => void loadSettings()} />
      ) : (
        <Loading what="the venue's settings" />
      )}
    </section>
  );
}
