import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import type { EventView, TierView } from '../../api/types.js';
import { ErrorNote, EventNotShown, Loading, Empty } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useNow } from '../../hooks/use-now.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { usePollWhileVisible } from '../../hooks/use-poll-while-visible.js';
import { isPastEvent } from '../../lib/event-season.js';
import { doorsMovedLaterWarning, eventChanges, eventToForm } from '../../lib/event-form.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { Link } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useSession } from '../../stores/session-store.js';
import { EventFormView } from './event-form.js';
import { GuestCheckIn } from './guest-check-in.js';
import { TierEditor } from './tier-editor.js';
import { TiersTable } from './tiers-table.js';
import { CancelEventDialog } from './cancel-event-dialog.js';
import { PostponeResend } from './postpone-resend.js';
import { VenueMoveMail } from './venue-move-mail.js';

type Editing = { tier: TierView | null } | null;

const tierPollMs = 5_000;
/**
 * How often the open page reads its event again: another till may move the doors, rename it,
 * publish or cancel it. One small GET; a doors move then reads the out-of-date passes once.
 */
const eventPollMs = 30_000;

export function EventDetailScreen({ eventId }: { eventId: string }) {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  const event = events.data?.find((e) => e.id === eventId);
  if (!event) {
    return (
      <EventNotShown
        events={events}
        eventId={eventId}
        onRetry={() => void loadEvents()}
        back={<Link to="/events">All events</Link>}
      />
    );
  }
  return <EventDetail event={event} />;
}

function EventDetail({ event }: { event: EventView }) {
  const isAdmin = useSession((s) => s.role === 'admin');
  const now = useNow();
  const over = isPastEvent(event, now);
  const tiers = useEvents((s) => s.tiers[event.id]);
  const loadTiers = useEvents((s) => s.loadTiers);
  const loadEvent = useEvents((s) => s.loadEvent);
  const updateEvent = useEvents((s) => s.updateEvent);
  const readEvent = useEvents((s) => s.readEvent);
  // The event as Save last read it, just before sending: what the changes are counted from.
  const readForSave = useRef<EventView | null>(null);
  const publishEvent = useEvents((s) => s.publishEvent);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // What the last cancel or refund did, said once its dialog has closed.
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // Create event and Publish take themselves away: the keyboard lands on the event's heading.
  const heading = useFocusIfLost<HTMLHeadingElement>(event.status);

  const reloadTiers = useCallback(() => loadTiers(event.id), [event.id, loadTiers]);
  useEffect(() => {
    void reloadTiers();
  }, [reloadTiers]);
  // The tills sell from these tiers tonight: sold counts (and the editor's) follow them here.
  usePollWhileVisible(reloadTiers, tierPollMs);
  const reloadEvent = useCallback(() => loadEvent(event.id), [event.id, loadEvent]);
  usePollWhileVisible(reloadEvent, eventPollMs);

  const publish = async () => {
    setActionError(null);
    try {
      await publishEvent(event.id);
    } catch (err) {
      setActionError(messageOf(err));
    }
  };

  return (
    <section className="screen">
      <header className="screen-head">
        <div>
          <p className="crumbs">
            <Link to="/events">Events &amp; tiers</Link> /
          </p>
          <h1 ref={heading} tabIndex={-1}>
            {event.title} <StatusBadge status={event.status} />
          </h1>
          <p className="muted small">
            {over ? 'This show is over. ' : null}Doors {formatEventTime(event.doors_at, event.timezone)} ·{' '}
            <code>{event.id}</code> · public page{' '}
            <a href={event.url} target="_blank" rel="noreferrer">
              {event.url}
            </a>
          </p>
        </div>
        <div className="head-actions">
          {event.status === 'published' && !over ? (
            <Link to={`/sell/${event.id}`} className="button">
              Sell
            </Link>
          ) : null}
          {isAdmin && event.status === 'draft' ? (
            <button type="button" className="button button-primary" onClick={() => void publish()}>
              Publish
            </button>
          ) : null}
          {isAdmin && event.status !== 'cancelled' ? (
            <button type="button" className="button button-danger" onClick={() => setConfirmCancel(true)}>
              Cancel event…
            </button>
          ) : null}
          {isAdmin && event.status === 'cancelled' ? (
            <button type="button" className="button" onClick={() => setConfirmCancel(true)}>
              Refund paid orders…
            </button>
          ) : null}
        </div>
      </header>
      {actionError ? (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      ) : null}
      {notice ? (
        <p className="muted" role="status" data-testid="event-notice">
          {notice}
        </p>
      ) : null}

      <div className="event-layout">
        <section aria-labelledby="tiers-title" className="panel">
          <header className="panel-head">
            <h2 id="tiers-title">Tiers</h2>
            {isAdmin && event.status !== 'cancelled' ? (
              <button
                type="button"
                className="button button-primary"
                onClick={() => setEditing({ tier: null })}
              >
                Add tier
              </button>
            ) : null}
            {event.status === 'cancelled' ? (
              <span className="muted small">A cancelled event takes no new tiers.</span>
            ) : null}
          </header>
          {!tiers || (tiers.state === 'loading' && !tiers.data) ? <Loading what="tiers" /> : null}
          {tiers?.state === 'error' ? (
            <ErrorNote message={tiers.error} onRetry={() => void loadTiers(event.id)} />
          ) : null}
          {tiers?.data && tiers.data.length === 0 ? (
            <Empty>No tiers yet. Add one to sell tickets.</Empty>
          ) : null}
          {tiers?.data && tiers.data.length > 0 ? (
            <TiersTable
              event={event}
              tiers={tiers.data}
              canEdit={isAdmin && event.status !== 'cancelled'}
              onEdit={(tier) => setEditing({ tier })}
            />
          ) : null}
        </section>

        {event.status === 'published' ? <GuestCheckIn event={event} /> : null}

        <section aria-labelledby="event-title" className="panel">
          <h2 id="event-title">Event details</h2>
          {isAdmin ? null : <p className="muted small">Changing events needs an admin key.</p>}
          <EventFormView
            key={event.id}
            initial={eventToForm(event)}
            follow
            readOnly={!isAdmin || event.status === 'cancelled'}
            submitLabel="Save changes"
            warning={(form) => doorsMovedLaterWarning(event, form, tiers?.data ?? [])}
            reread={async () => {
              const fresh = await readEvent(event.id);
              readForSave.current = fresh;
              return eventToForm(fresh);
            }}
            onSubmit={async (form) => {
              const read = readForSave.current;
              const parsed = eventChanges(read?.id === event.id ? read : event, form);
              if (!parsed.body) return parsed.errors;
              if (Object.keys(parsed.body).length > 0) await updateEvent(event.id, parsed.body);
            }}
          />
          {/* Read again whenever the doors or the venue move: saved here, or read again from another till. */}
          {event.status !== 'cancelled' ? <PostponeResend key={event.doors_at} eventId={event.id} /> : null}
          {event.status !== 'cancelled' ? <VenueMoveMail key={event.venue} eventId={event.id} /> : null}
        </section>
      </div>

      {editing ? <TierEditor event={event} tier={editing.tier} onClose={() => setEditing(null)} /> : null}
      {confirmCancel ? (
        <CancelEventDialog event={event} onClose={() => setConfirmCancel(false)} onDone={setNotice} />
      ) : null}
    </section>
  );
}
