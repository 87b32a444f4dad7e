import { useCallback, useEffect, useMemo } from 'react';
import { Loading, ErrorNote } from '../../components/states.js';
import { useNow } from '../../hooks/use-now.js';
import { kioskEvents } from '../../lib/kiosk-offer.js';
import { tierSaleState } from '../../lib/tier-sale-state.js';
import { useEvents } from '../../stores/events-store.js';
import { idlePausedStages, kioskAtStart, useKiosk } from '../../stores/kiosk-store.js';
import { useSession } from '../../stores/session-store.js';
import { KioskEvents, KioskTiers } from './kiosk-choose.js';
import { KioskDone } from './kiosk-done.js';
import { useHistoryHold } from '../../hooks/use-history-hold.js';
import { useIdleReset } from '../../hooks/use-idle-reset.js';
import { IdleCountdown } from './kiosk-idle.js';
import { KioskPaying, KioskRecordFailed, KioskRecording } from './kiosk-payment.js';
import { KioskDetails, KioskQuantity } from './kiosk-steps.js';
import './kiosk.css';

/** Tiles refresh while the kiosk waits, because tills sell from the same tiers. */
const tierRefreshMs = 15_000;

/**
 * `/kiosk`: customers buy their own tickets with a `kiosk` key; what is on offer comes from the
 * server (GET /v2/events/{id}/offer), which alone compares access codes; payment is confirmed by a
 * card terminal or by an attendant with the attendant PIN.
 */
export function KioskScreen() {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const connection = useSession((s) => s.connection);
  const kiosk = useKiosk();
  const { offer, loadOffer } = kiosk;
  const now = useNow(15_000);

  const onSale = useMemo(() => kioskEvents(events.data ?? [], now), [events.data, now]);
  // One event on sale: no chooser, its tickets are the start screen.
  const eventId = kiosk.eventId ?? (onSale.length === 1 ? (onSale[0]?.id ?? null) : null);
  const event = onSale.find((e) => e.id === eventId) ?? events.data?.find((e) => e.id === eventId) ?? null;
  const shown = offer.data && offer.data.event.id === eventId ? offer.data : null;
  const tiers = shown?.tiers ?? [];
  const tier = tiers.find((t) => t.id === kiosk.tierId) ?? null;

  useEffect(() => {
    void loadEvents();
  }, [loadEvents]);

  // First load, and again after a reset or another event (never in a loop after a failure).
  useEffect(() => {
    if (!eventId) return;
    if (offer.state === 'idle' || (offer.state === 'ready' && offer.data.event.id !== eventId))
      void loadOffer(eventId);
  }, [eventId, offer, loadOffer]);

  useEffect(() => {
    if (!eventId) return;
    const timer = window.setInterval(() => void loadOffer(eventId), tierRefreshMs);
    return () => window.clearInterval(timer);
  }, [eventId, loadOffer]);

  // Nothing chosen, opened or typed yet (a single event is shown without being chosen): nothing to reset.
  const atStart = kioskAtStart(kiosk);
  const onIdle = useCallback(() => {
    useKiosk.getState().reset();
    void loadEvents();
  }, [loadEvents]);
  const idle = useIdleReset(!atStart && !idlePausedStages.has(kiosk.stage), onIdle);
  // The browser's Back goes to the kiosk's first screen, as Start over does; never while money is
  // moving or was taken (those steps never start over on their own).
  const onBack = useCallback(() => {
    if (!idlePausedStages.has(useKiosk.getState().stage)) onIdle();
  }, [onIdle]);
  useHistoryHold(onBack);

  const pay = () => {
    if (event) void kiosk.pay(event);
  };

  let body;
  if (events.state === 'error' && !events.data)
    body = <ErrorNote message={events.error} onRetry={() => void loadEvents()} />;
  else if (!events.data) body = <Loading what="events" />;
  else if (kiosk.stage === 'done' && kiosk.order) body = <KioskDone order={kiosk.order} tiers={tiers} />;
  else if (kiosk.stage === 'paying') body = <KioskPaying />;
  else if (kiosk.stage === 'recording') body = <KioskRecording />;
  else if (kiosk.stage === 'record_failed') body = <KioskRecordFailed />;
  else if (!event) {
    body =
      onSale.length === 0 ? (
        <p className="kiosk-note">No events are on sale right now. Please ask at the box office.</p>
      ) : (
        <KioskEvents events={onSale} />
      );
  } else if (kiosk.stage === 'quantity' && tier) {
    body = <KioskQuantity tier={tier} max={Math.max(1, tierSaleState(tier, event, now).maxQuantity)} />;
  } else if (kiosk.stage === 'details' && tier) body = <KioskDetails tier={tier} onPay={pay} />;
  else if (!shown) {
    body =
      offer.state === 'error' ? (
        <ErrorNote message={offer.error} onRetry={() => void loadOffer(event.id)} />
      ) : (
        <Loading what="tickets" />
      );
  } else body = <KioskTiers offer={shown} now={now} />;

  return (
    <div className="kiosk">
      <header className="kiosk-bar">
        {/* A kiosk key reads no venue settings; the chosen event names its venue. */}
        <span className="kiosk-brand">{event?.venue ?? 'Tickets'}</span>
        {connection === 'offline' ? (
          <span className="kiosk-offline" role="alert">
            Not connected: sales are paused
          </span>
        ) : null}
        {!atStart && !idlePausedStages.has(kiosk.stage) ? (
          <button type="button" className="kiosk-button kiosk-button-quiet kiosk-restart" onClick={onIdle}>
            Start over
          </button>
        ) : null}
      </header>
      <main className="kiosk-main">{body}</main>
      <IdleCountdown state={idle} />
    </div>
  );
}
