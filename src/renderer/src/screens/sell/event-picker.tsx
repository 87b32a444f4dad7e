import type { EventView } from '../../api/types.js';
import { Empty } from '../../components/states.js';
import { formatCount } from '../../lib/count.js';
import { endedSaleQuestion, recentlyEnded } from '../../lib/ended-show.js';
import { isPastEvent, sellableEvents } from '../../lib/event-season.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { Link, navigate } from '../../router.js';

/**
 * Asked in place of the till before it opens on a show that is over, naming its night; the safe
 * answer has the keyboard. Not a modal: the nav stays usable, since this question is the whole screen.
 */
export function EndedShowQuestion({
  event,
  now,
  onSell,
}: {
  event: EventView;
  now: number;
  onSell: () => void;
}) {
  return (
    <section
      className="screen"
      role="alertdialog"
      aria-labelledby="ended-title"
      aria-describedby="ended-question"
    >
      <h1 id="ended-title">This show is over</h1>
      <p className="muted">{event.title}</p>
      <p id="ended-question">{endedSaleQuestion(event, now)}</p>
      <div className="form-actions">
        <button type="button" className="button" autoFocus onClick={() => navigate('/sell')}>
          Back to events
        </button>
        <button type="button" className="button button-primary" onClick={onSell}>
          Sell anyway
        </button>
      </div>
    </section>
  );
}

/** Tonight's show first (focused: Enter sells it), then the coming ones; the latest ended apart. */
export function EventPicker({ events, now }: { events: EventView[]; now: number }) {
  const published = sellableEvents(events, now);
  const ended = recentlyEnded(events, now);
  const over = events.filter((e) => e.status === 'published' && isPastEvent(e, now)).length;
  return (
    <section className="screen">
      <h1>Sell</h1>
      {published.length === 0 ? (
        <Empty>
          No published event to sell{over > 0 ? ' that is still to come' : ''}.{' '}
          {events.length > 0 ? 'Publish one in ' : 'Create one in '}
          <Link to="/events">Events &amp; tiers</Link>.
        </Empty>
      ) : (
        <ul className="event-picker" aria-label="Events on sale">
          {published.map((event, i) => (
            <li key={event.id}>
              <EventPick event={event} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {ended.length > 0 ? (
        <>
          <h2 id="ended-events">Ended</h2>
          <ul className="event-picker event-picker-ended" aria-labelledby="ended-events">
            {ended.map((event) => (
              <li key={event.id}>
                <EventPick event={event} first={false} />
              </li>
            ))}
          </ul>
          <p className="muted small">
            {over > ended.length
              ? `${formatCount(over - ended.length)} older ${over - ended.length === 1 ? 'show is' : 'shows are'} in `
              : 'Their orders are in '}
            {over > ended.length ? (
              <Link to="/events">Events &amp; tiers</Link>
            ) : (
              <Link to="/orders">Orders</Link>
            )}
            .
          </p>
        </>
      ) : null}
    </section>
  );
}

function EventPick({ event, first }: { event: EventView; first: boolean }) {
  return (
    <button
      type="button"
      className="event-pick"
      autoFocus={first}
      onClick={() => navigate(`/sell/${event.id}`)}
    >
      <strong>{event.title}</strong>
      <span>{event.venue}</span>
      <span className="muted">Doors {formatEventTime(event.doors_at, event.timezone)}</span>
    </button>
  );
}
