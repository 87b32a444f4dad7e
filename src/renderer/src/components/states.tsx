import type { ReactNode } from 'react';
import type { Loadable } from '../lib/loadable.js';

/** The honest states every screen shows: loading, empty, and the server's own error message. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state state-empty">{children}</div>;
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * The screen of an event the address names but the events list has not given: still loading, the
 * load failed (with Try again), or no such event (with a way back, `back`).
 */
export function EventNotShown({
  events,
  eventId,
  onRetry,
  back,
}: {
  events: Loadable<unknown>;
  eventId: string;
  onRetry: () => void;
  back: ReactNode;
}) {
  if (events.state === 'error') return <ErrorNote message={events.error} onRetry={onRetry} />;
  if (events.state === 'ready') {
    return (
      <Empty>
        No event <code>{eventId}</code>. {back}.
      </Empty>
    );
  }
  return <Loading what="event" />;
}
