import { useEffect, useState } from 'react';
import { CapacityBar } from '../../components/capacity-bar.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useNow } from '../../hooks/use-now.js';
import { formatCount } from '../../lib/count.js';
import { eventsInView, type EventsView } from '../../lib/event-season.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { Link } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useSession } from '../../stores/session-store.js';

const views: { id: EventsView; label: string; empty: string }[] = [
  { id: 'upcoming', label: 'Upcoming', empty: 'No events to come.' },
  { id: 'past', label: 'Past', empty: 'No past events.' },
  { id: 'drafts', label: 'Drafts', empty: 'No drafts.' },
  { id: 'cancelled', label: 'Cancelled', empty: 'No cancelled events.' },
  { id: 'all', label: 'All', empty: 'No events.' },
];

/** Rows shown at once: each reads its tiers for the capacity column. */
const pageRows = 50;

/** The events with their status and how full they are: what is coming first, past ones a view away. */
export function EventsScreen() {
  const events = useEvents((s) => s.events);
  const tiers = useEvents((s) => s.tiers);
  const loadEvents = useEvents((s) => s.loadEvents);
  const loadTiers = useEvents((s) => s.loadTiers);
  const isAdmin = useSession((s) => s.role === 'admin');
  const now = useNow();
  const view = useEvents((s) => s.listView);
  const setView = useEvents((s) => s.setListView);
  const [shown, setShown] = useState(pageRows);

  useEffect(() => {
    void loadEvents();
  }, [loadEvents]);
  const all = events.data ?? [];
  const inView = eventsInView(all, view, now);
  const list = inView.slice(0, shown);
  // One tiers call per row on screen, not per event of the year.
  const ids = list.map((e) => e.id).join(',');
  useEffect(() => {
    for (const id of ids.split(',').filter(Boolean)) void loadTiers(id);
  }, [ids, loadTiers]);

  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Events &amp; tiers</h1>
        {isAdmin ? (
          <Link to="/events/new" className="button button-primary">
            New event
          </Link>
        ) : null}
      </header>
      {events.state === 'loading' && !events.data ? <Loading what="events" /> : null}
      {events.state === 'error' ? (
        <ErrorNote message={events.error} onRetry={() => void loadEvents()} />
      ) : null}
      {all.length > 0 ? (
        <div className="filters" role="group" aria-label="Which events">
          {views.map((v) => (
            <button
              key={v.id}
              type="button"
              className={v.id === view ? 'button button-primary' : 'button'}
              aria-pressed={v.id === view}
              onClick={() => {
                setView(v.id);
                setShown(pageRows);
              }}
            >
              {v.label}
            </button>
          ))}
        </div>
      ) : null}
      {events.state === 'ready' && all.length > 0 && list.length === 0 ? (
        <Empty>{views.find((v) => v.id === view)?.empty}</Empty>
      ) : null}
      {events.state === 'ready' && all.length === 0 ? (
        <Empty>
          No events yet.{' '}
          {isAdmin ? <Link to="/events/new">Create the first one</Link> : 'An admin key can create them.'}
        </Empty>
      ) : null}
      {list.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Event</th>
                <th>Doors</th>
                <th>Status</th>
                <th>Tiers</th>
                <th>Sold</th>
              </tr>
            </thead>
            <tbody>
              {list.map((event) => {
                const eventTiers = tiers[event.id]?.data;
                const sold = eventTiers?.reduce((n, t) => n + t.sold, 0) ?? 0;
                const quantity = eventTiers?.reduce((n, t) => n + t.quantity, 0) ?? 0;
                return (
                  <tr key={event.id}>
                    <td>
                      <Link to={`/events/${event.id}`}>
                        <strong>{event.title}</strong>
                      </Link>
                      <div className="muted small">{event.venue}</div>
                    </td>
                    <td>{formatEventTime(event.doors_at, event.timezone)}</td>
                    <td>
                      <StatusBadge status={event.status} />
                    </td>
                    <td>{eventTiers ? eventTiers.length : '…'}</td>
                    <td>{eventTiers ? <CapacityBar sold={sold} quantity={quantity} /> : '…'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {inView.length > list.length ? (
        <p>
          <button type="button" className="button" onClick={() => setShown((n) => n + pageRows)}>
            Show more ({formatCount(inView.length - list.length)} left)
          </button>
        </p>
      ) : null}
    </section>
  );
}
