import { EventOptions } from '../../components/event-options.js';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/api-error.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { formatMoney } from '../../lib/money.js';
import { pendingBeyondOwed } from '../../lib/payout-excess.js';
import { useEvents } from '../../stores/events-store.js';
import { usePayouts } from '../../stores/payouts-store.js';
import type { PayoutView } from '../../api/types.js';

/** Payouts: what each event's organiser is owed, settling it, and marking it paid. */
export function PayoutsScreen() {
  const { payouts, netByEvent, load, create, markPaid, cancel } = usePayouts();
  const [cancelling, setCancelling] = useState<PayoutView | null>(null);
  const tooLarge = useMemo(
    () => pendingBeyondOwed(payouts.data ?? [], netByEvent),
    [payouts.data, netByEvent],
  );
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const [eventId, setEventId] = useState('');
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const [noEventChosen, setNoEventChosen] = useState(false);
  const eventSelect = useRef<HTMLSelectElement>(null);
  // Mark paid takes its own button away: the keyboard goes to the words saying what it did.
  const messageRef = useFocusIfLost<HTMLParagraphElement>(message);

  useEffect(() => {
    void load();
    // Fresh on every visit, as Events & tiers does: an event made on another till must be payable.
    void loadEvents();
  }, [load, loadEvents]);

  const title = (id: string) => events.data?.find((e) => e.id === id)?.title ?? id;
  // Each payout's times on its event's clock (the venue's when the event is not listed), with the
  // zone's name when this laptop's clock is another, as the CSV exports and Past shifts read them.
  const venueZone = useVenueTimeZone();
  const when = (payout: PayoutView, iso: string) =>
    formatEventTime(iso, events.data?.find((e) => e.id === payout.event_id)?.timezone ?? venueZone);
  const act = async (work: () => Promise<string>) => {
    try {
      setMessage({ text: await work(), bad: false });
    } catch (err) {
      setMessage({ text: messageOf(err), bad: true });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNoEventChosen(!eventId);
    if (!eventId) {
      setMessage({ text: 'Choose the event to settle.', bad: true });
      eventSelect.current?.focus();
      return;
    }
    void act(async () => {
      const payout = await create(eventId);
      return `Payout of ${formatMoney(payout.amount_cents, payout.currency)} for ${title(eventId)} created; mark it paid once the money has gone.`;
    });
  };

  return (
    <section className="screen payouts">
      <header className="screen-head">
        <h1>Payouts</h1>
      </header>
      <form className="search" onSubmit={submit} aria-label="New payout">
        <select
          ref={eventSelect}
          aria-label="Event"
          aria-invalid={noEventChosen || undefined}
          aria-describedby={noEventChosen ? 'payout-message' : undefined}
          value={eventId}
          onChange={(e) => {
            setEventId(e.target.value);
            setNoEventChosen(false);
          }}
        >
          <option value="">Choose an event…</option>
          <EventOptions events={events.data ?? []} />
        </select>
        <button type="submit" className="button button-primary">
          Settle net sales
        </button>
      </form>
      <p className="muted small">A payout takes the event’s sales less refunds not yet paid out.</p>
      {message ? (
        <p
          ref={messageRef}
          id="payout-message"
          tabIndex={-1}
          className={message.bad ? 'form-error' : 'note'}
          role={message.bad ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
      {payouts.state === 'loading' && !payouts.data ? <Loading what="payouts" /> : null}
      {payouts.state === 'error' ? <ErrorNote message={payouts.error} onRetry={() => void load()} /> : null}
      {payouts.data && payouts.data.length === 0 ? <Empty>No payouts yet.</Empty> : null}
      {payouts.data && payouts.data.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th>Payout</th>
              <th>Event</th>
              <th className="num">Amount</th>
              <th>Status</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {payouts.data.map((payout) => (
              <tr key={payout.id} data-payout={payout.id}>
                <td>
                  <code>{payout.id}</code>
                  <div className="muted small">{when(payout, payout.created_at)}</div>
                </td>
                <td>{title(payout.event_id)}</td>
                <td className="num">{formatMoney(payout.amount_cents, payout.currency)}</td>
                <td>
                  <StatusBadge status={payout.status} />
                  {payout.paid_at ? <div className="muted small">{when(payout, payout.paid_at)}</div> : null}
                  {payout.cancelled_at ? (
                    <div className="muted small">{when(payout, payout.cancelled_at)}</div>
                  ) : null}
                  {tooLarge.has(payout.id) ? (
                    <div className="form-error small" data-too-large>
                      More than the event owes now ({formatMoney(tooLarge.get(payout.id)!, payout.currency)}):
                      refunds since it was settled. Cancel it, then settle again.
                    </div>
                  ) : null}
                </td>
                <td>
                  {payout.status === 'pending' ? (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => setCancelling(payout)}
                    >
                      Cancel…
                      <PayoutName payout={payout} title={title(payout.event_id)} />
                    </button>
                  ) : null}
                  {payout.status === 'pending' ? (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() =>
                        void act(async () => {
                          const paid = await markPaid(payout.id);
                          return `${formatMoney(paid.amount_cents, paid.currency)} marked paid.`;
                        })
                      }
                    >
                      Mark paid
                      <PayoutName payout={payout} title={title(payout.event_id)} />
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          title="Cancel this payout?"
          confirmLabel="Cancel payout"
          cancelLabel="Keep it"
          danger
          onConfirm={async () => {
            const done = await cancel(cancelling.id);
            setMessage({
              text: `Payout of ${formatMoney(done.amount_cents, done.currency)} for ${title(done.event_id)} cancelled; settle the event again for what it owes now.`,
              bad: false,
            });
          }}
          onClose={() => setCancelling(null)}
        >
          <p>
            The payout of {formatMoney(cancelling.amount_cents, cancelling.currency)} for{' '}
            {title(cancelling.event_id)} stays listed as cancelled and is never paid. Only cancel a payout
            whose money has not gone to the organiser.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Which payout a row's button acts on, for a screen reader that hears the button alone. */
function PayoutName({ payout, title }: { payout: PayoutView; title: string }) {
  return (
    <span className="visually-hidden">
      {' '}
      {formatMoney(payout.amount_cents, payout.currency)} for {title}
    </span>
  );
}
