import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EventView, TierView } from '../../api/types.js';
import { Empty, ErrorNote, EventNotShown, Loading } from '../../components/states.js';
import { useNow } from '../../hooks/use-now.js';
import { endedWhen } from '../../lib/ended-show.js';
import { isPastEvent, sellableEvents } from '../../lib/event-season.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { accessCodeClash } from '../../lib/sale.js';
import { tierSaleState } from '../../lib/tier-sale-state.js';
import { saleLimit } from '../../lib/unanswered-sale.js';
import { Link, Redirect } from '../../router.js';
import { isTypingTarget } from '../../shortcuts.js';
import { useEvents } from '../../stores/events-store.js';
import { heldLines, useSale } from '../../stores/sale-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { EndedShowQuestion, EventPicker } from './event-picker.js';
import { SaleDone } from './sale-done.js';
import { SaleLines } from './sale-lines.js';
import { SalePanel } from './sale-panel.js';
import { StockFreshness } from './stock-freshness.js';
import { TierTiles } from './tier-tiles.js';

const tierRefreshMs = 15_000;

/**
 * Sell: pick the event, then a tier tile, a quantity and a payment. A show that is over
 * (event-season.ts) is listed apart as "Ended" and the till asks before it sells for one: the
 * server sells for any published event (CONTRACT), so only the till can stop last night's show
 * being sold by mistake.
 */
export function SellScreen({ eventId }: { eventId: string | null }) {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const now = useNow();
  // The ended show this visit agreed to sell for; a new visit (or another event) asks again.
  const [sellingEnded, setSellingEnded] = useState<string | null>(null);
  const saleUnderway = useSale((s) => (s.stage !== 'tier' || s.held.length > 0 ? s.eventId : null));

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
    // One show to come: go straight to its tiers. Never straight to one that is over.
    const sellable = sellableEvents(list, now);
    if (sellable.length === 1 && sellable[0]) return <Redirect to={`/sell/${sellable[0].id}`} />;
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
  // A sale already under way when the night ended (a till open past the grace) is let finish.
  if (isPastEvent(event, now) && sellingEnded !== event.id && saleUnderway !== event.id)
    return <EndedShowQuestion event={event} now={now} onSell={() => setSellingEnded(event.id)} />;
  const others = sellableEvents(list, now).filter((e) => e.id !== event.id);
  return <Till event={event} otherEvents={others.length > 0} />;
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
              This show is over: it was {endedWhen(event, now)}. Check it is the event you mean before you
              sell for it.
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
