import { useEffect } from 'react';
import { CapacityBar } from '../../components/capacity-bar.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { Link } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useSession } from '../../stores/session-store.js';

/** All events with their status and how full they are. */
export function EventsScreen() {
  const events = useEvents((s) => s.events);
  const tiers = useEvents((s) => s.tiers);
  const loadEvents = useEvents((s) => s.loadEvents);
  const loadTiers = useEvents((s) => s.loadTiers);
  const isAdmin = useSession((s) => s.role === 'admin');

  useEffect(() => {
    void loadEvents();
  }, [loadEvents]);
  const ids = (events.data ?? []).map((e) => e.id).join(',');
  useEffect(() => {
    // A venue lists a handful of events; one tiers call each gives the capacity column.
    for (const id of ids.split(',').filter(Boolean)) void loadTiers(id);
  }, [ids, loadTiers]);

  const list = events.data ?? [];
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
      {events.state === 'ready' && list.length === 0 ? (
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
    </section>
  );
}
