import { eventToForm, parseEventCreate } from '../../lib/event-form.js';
import { Link, navigate } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { EventFormView } from './event-form.js';

export function NewEventScreen() {
  const createEvent = useEvents((s) => s.createEvent);
  const venueName = useSettings((s) => s.settings.data?.venue_name ?? '');
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
      <EventFormView
        initial={eventToForm(undefined, venueName)}
        submitLabel="Create event"
        onSubmit={async (form) => {
          const parsed = parseEventCreate(form);
          if (!parsed.body) return parsed.errors;
          const event = await createEvent(parsed.body);
          navigate(`/events/${event.id}`);
        }}
      />
    </section>
  );
}
