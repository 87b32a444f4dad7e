import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EventView, TierView } from '../../api/types.js';
import { Empty, ErrorNote, EventNotShown, Loading } from '../../components/states.js';
import { useNow } from '../../hooks/use-now.js';
import { isPastEvent, sellableEvents } from '../../lib/event-season.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { formatCount } from '../../lib/count.js';
import { accessCodeClash } from '../../lib/sale.js';
import { tierSaleState } from '../../lib/tier-sale-state.js';
import { saleLimit } from '../../lib/unanswered-sale.js';
import { Link, Redirect, navigate } from '../../router.js';
import { isTypingTarget } from '../../shortcuts.js';
import { useEvents } from '../../stores/events-store.js';
import { heldLines, useSale } from '../../stores/sale-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { SaleDone } from './sale-done.js';
import { SaleLines } from './sale-lines.js';
import { SalePanel } from './sale-panel.js';
import { StockFreshness } from './stock-freshness.js';
import { TierTiles } from './tier-tiles.js';

const tierRefreshMs = 15_000;

/** Sell: pick the event, then a tier tile, a quantity and a payment. */
export function SellScreen({ eventId }: { eventId: string | null }) {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const now = useNow();

  // Fresh on every visit: an event published at another till must show up here.
  useEffect(() => {
    void loadEvents();
  }, [loadEvents]);

  const list = events.data ?? [];
  if (eventId === null) {
    if (!events.data) {
      if (events.state === 'error')
        return <ErrorNote message={events.error} onRetry={() => void loadEvents()} />;
      return <Loading what="events" />;
    }
    // One show tonight (or, with none to come, the one published event): go straight to its tiers.
    const published = list.filter((e) => e.status === 'published');
    const sellable = sellableEvents(list, now);
    const only =
      sellable.length === 1
        ? sellable[0]
        : sellable.length === 0 && published.length === 1
          ? published[0]
          : null;
    if (only) return <Redirect to={`/sell/${only.id}`} />;
    return <EventPicker events={list} now={now} />;
  }
  const event = list.find((e) => e.id === eventId);
  if (!event) {
    return (
      <EventNotShown
        events={events}
        eventId={eventId}
        onRetry={() => void loadEvents()}
        back={<Link to="/sell">Pick another</Link>}
      />
    );
  }
  const others = sellableEvents(list, now).filter((e) => e.id !== event.id);
  return <Till event={event} otherEvents={others.length > 0} />;
}

/** Tonight's show first, then the coming ones; shows that are over are not sold from here. */
function EventPicker({ events, now }: { events: EventView[]; now: number }) {
  const published = sellableEvents(events, now);
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
              <button
                type="button"
                className="event-pick"
                autoFocus={i === 0}
                onClick={() => navigate(`/sell/${event.id}`)}
              >
                <strong>{event.title}</strong>
                <span>{event.venue}</span>
                <span className="muted">Doors {formatEventTime(event.doors_at, event.timezone)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {over > 0 ? (
        <p className="muted small">
          {formatCount(over)} {over === 1 ? 'show that is' : 'shows that are'} over{' '}
          {over === 1 ? 'is' : 'are'} not listed; find their orders in <Link to="/orders">Orders</Link>.
        </p>
      ) : null}
    </section>
  );
}

function Till({ event, otherEvents }: { event: EventView; otherEvents: boolean }) {
  const tiers = useEvents((s) => s.tiers[event.id]);
  const loadTiers = useEvents((s) => s.loadTiers);
  const loadEvent = useEvents((s) => s.loadEvent);
  const venueName = useSettings((s) => s.settings.data?.venue_name ?? event.venue);
  const sale = useSale();
  const now = useNow();
  const [pickNote, setPickNote] = useState<string | null>(null);

  useEffect(() => {
    if (sale.eventId !== event.id) sale.chooseEvent(event.id);
    void loadTiers(event.id);
    // Only when the event changes; sale is a fresh object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event.id, loadTiers]);

  // Other tills sell from the same tiers, and the manager may move the doors or cancel: refresh
  // what is left and the event (its doors go on every printed slip) while this till waits on a tier.
  useEffect(() => {
    if (sale.stage !== 'tier') return;
    const timer = window.setInterval(() => {
      void loadTiers(event.id);
      void loadEvent(event.id);
    }, tierRefreshMs);
    return () => window.clearInterval(timer);
  }, [sale.stage, event.id, loadTiers, loadEvent]);

  const tierList = useMemo(() => tiers?.data ?? [], [tiers]);
  const tier = tierList.find((t) => t.id === sale.tierId) ?? null;
  const state = tier ? tierSaleState(tier, event, now) : null;
  const waiting = sale.stage === 'payment' && sale.sentUnanswered.length > 0 ? sale.quantity : null;
  const limit = state ? saleLimit(state, waiting) : null;
  const held = useMemo(() => heldLines(sale.held, tierList) ?? [], [sale.held, tierList]);
  const chooseTier = sale.chooseTier;
  // A tier that cannot join the sale in progress says why under the tiles instead.
  const pick = useCallback(
    (picked: TierView) => {
      const clash = accessCodeClash(picked, held);
      setPickNote(clash);
      if (!clash) chooseTier(picked.id);
    },
    [held, chooseTier],
  );

  // Digits pick the numbered tile while no field has the keyboard.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (sale.stage !== 'tier' || isTypingTarget(e.target) || document.querySelector('dialog[open]')) return;
      // Picking another tier for a sale in progress: Esc goes back to paying for what is in it.
      if (e.key === 'Escape' && sale.held.length > 0) {
        e.preventDefault();
        sale.back();
        return;
      }
      if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      const picked = tierList[Number(e.key) - 1];
      if (!picked) return;
      e.preventDefault();
      const pickedState = tierSaleState(picked, event, Date.now());
      if (pickedState.sellable) pick(picked);
      else setPickNote(`${picked.name}: ${pickedState.label}.`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sale, tierList, event, pick]);

  return (
    <section className="screen till">
      <header className="screen-head no-print">
        <div>
          <h1>{event.title}</h1>
          <p className="muted">
            {event.venue} · Doors {formatEventTime(event.doors_at, event.timezone)}
            {otherEvents ? (
              <>
                {' · '}
                <Link to="/sell">Change event</Link>
              </>
            ) : null}
          </p>
          {isPastEvent(event, now) ? (
            <p className="form-warning" role="note">
              This show is over. Check it is the event you mean before you sell for it.
            </p>
          ) : null}
        </div>
      </header>
      {sale.stage === 'done' && sale.order ? (
        <SaleDone event={event} order={sale.order} tiers={tierList} venueName={venueName} />
      ) : (
        <div className="till-grid no-print">
          <div>
            {!tiers || (tiers.state === 'loading' && !tiers.data) ? <Loading what="tiers" /> : null}
            {tiers?.state === 'error' ? (
              <ErrorNote message={tiers.error} onRetry={() => void loadTiers(event.id)} />
            ) : null}
            {tiers?.data && tiers.data.length === 0 ? (
              <Empty>
                This event has no tiers yet. <Link to={`/events/${event.id}`}>Add one</Link>.
              </Empty>
            ) : null}
            {tierList.length > 0 ? (
              <>
                <TierTiles event={event} tiers={tierList} now={now} selectedId={sale.tierId} onPick={pick} />
                <p className="muted small" role="status">
                  {pickNote ?? 'Press 1–9 or Tab to a tile and Enter to pick a tier.'}
                </p>
                <StockFreshness eventId={event.id} />
              </>
            ) : null}
          </div>
          <div>
            {tier && limit !== null ? (
              <SalePanel event={event} tier={tier} maxQuantity={limit} held={held} />
            ) : held.length > 0 && !tier ? (
              <section className="sale-panel" aria-label="Sale">
                <SaleLines lines={held} free={sale.payment === 'comp'} currency={event.currency} />
                {sale.error?.form ? (
                  <p className="form-error" role="alert">
                    {sale.error.form}
                  </p>
                ) : null}
                <p>Pick the next tier for this sale.</p>
                <button type="button" className="button button-ghost" onClick={() => sale.back()}>
                  Back to payment <kbd>Esc</kbd>
                </button>
              </section>
            ) : (
              <div className="sale-panel sale-panel-empty">
                {/* A tier removed at the office while it was being sold says so here (sale store). */}
                {!tier && sale.error?.form ? (
                  <p className="form-error" role="alert">
                    {sale.error.form}
                  </p>
                ) : (
                  <p>{tier && state ? `${tier.name}: ${state.label}.` : 'Pick a tier to start a sale.'}</p>
                )}
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
