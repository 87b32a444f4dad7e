import { useEffect, useRef, type FormEvent } from 'react';
import type { EventView, OfferView } from '../../api/types.js';
import { useTapSettled } from '../../hooks/use-settled.js';
import { kioskTiers } from '../../lib/kiosk-offer.js';
import { cardNotReadyWords } from '../../lib/kiosk-trouble.js';
import { focusIsLost } from '../../lib/lost-focus.js';
import { formatMoney } from '../../lib/money.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { useKiosk } from '../../stores/kiosk-store.js';
import { KioskNote } from './kiosk-note.js';
import { KioskTitle } from './kiosk-title.js';

/** On the event's clock, as its tickets say it (a kiosk may sit in another zone than the venue). */
const doorsTime = (event: EventView) => formatEventTime(event.doors_at, event.timezone);

/** Step 1 when several events are on sale: one big card per event. */
export function KioskEvents({ events }: { events: EventView[] }) {
  const chooseEvent = useKiosk((s) => s.chooseEvent);
  return (
    <section aria-labelledby="kiosk-events-title">
      <KioskTitle id="kiosk-events-title">Choose your event</KioskTitle>
      <ul className="kiosk-cards">
        {events.map((event) => (
          <li key={event.id}>
            <button
              type="button"
              className="kiosk-card"
              onClick={() => chooseEvent(event.id)}
              data-event={event.id}
            >
              <span className="kiosk-card-name">{event.title}</span>
              <span className="kiosk-card-line">
                {event.venue} · doors {doorsTime(event)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Step 2: the tickets a customer may buy, and the access code field that reveals more. */
export function KioskTiers({ offer: answer, now }: { offer: OfferView; now: number }) {
  const chooseTier = useKiosk((s) => s.chooseTier);
  const { event } = answer;
  const offer = kioskTiers(answer, now);
  // An event's card sat where the first tier is: a double tap on it must not pick a tier.
  const hold = useTapSettled();
  const settled = hold.settled;
  // A code that opens a tier takes its form away with the focus: the keyboard goes to the first
  // tier it opened (a screen reader reads it out), not to the page's body.
  const code = useKiosk((s) => s.code);
  const firstUnlockedId = offer.find((o) => o.unlocked)?.tier.id ?? null;
  const firstUnlocked = useRef<HTMLButtonElement>(null);
  // Given once settled: the Enter that applied the code, pressed twice, must not pick the tier.
  useEffect(() => {
    if (code && firstUnlockedId && settled && focusIsLost(document)) firstUnlocked.current?.focus();
  }, [code, firstUnlockedId, settled]);
  return (
    <section aria-labelledby="kiosk-tiers-title">
      <KioskTitle id="kiosk-tiers-title">Choose your tickets</KioskTitle>
      <p className="kiosk-subtitle">
        {event.title} · doors {doorsTime(event)}
      </p>
      <KioskNote />
      {/* Said before the customer chooses and types an email, not only where Pay by card would be. */}
      {answer.kiosk_attendant_pin_set ? null : <p className="kiosk-note">{cardNotReadyWords}</p>}
      {offer.length === 0 ? <p className="kiosk-note">No tickets are on sale here right now.</p> : null}
      <ul className="kiosk-cards">
        {offer.map(({ tier, sale, unlocked }) => (
          <li key={tier.id}>
            <button
              ref={tier.id === firstUnlockedId ? firstUnlocked : undefined}
              type="button"
              className={`kiosk-card kiosk-tier${unlocked ? ' kiosk-tier-unlocked' : ''}`}
              disabled={!sale.sellable}
              aria-disabled={sale.sellable ? hold.ariaDisabled : undefined}
              onClick={(e) => {
                if (!hold.ignores(e)) chooseTier(tier.id);
              }}
              data-tier={tier.name}
            >
              <span className="kiosk-card-name">{tier.name}</span>
              <span className="kiosk-price">{formatMoney(tier.price_cents, tier.currency)}</span>
              <span className="kiosk-card-line">
                {sale.sellable ? `${sale.remaining} left` : sale.label}
                {unlocked ? ' · unlocked with your code' : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {answer.has_access_code_tiers ? <AccessCode eventId={event.id} /> : null}
    </section>
  );
}

/** The server compares the code (GET /v2/events/{id}/offer?access_code=); the kiosk never sees one. */
function AccessCode({ eventId }: { eventId: string }) {
  const code = useKiosk((s) => s.code);
  const codeText = useKiosk((s) => s.codeText);
  const codeNote = useKiosk((s) => s.codeNote);
  const checking = useKiosk((s) => s.checkingCode);
  const setCodeText = useKiosk((s) => s.setCodeText);
  const applyCode = useKiosk((s) => s.applyCode);
  const clearCode = useKiosk((s) => s.clearCode);
  // In the store, not this component: the idle reset closes it (kioskAtStart).
  const open = useKiosk((s) => s.codeOpen);
  const openCode = useKiosk((s) => s.openCode);
  if (code) {
    return (
      <p className="kiosk-code-applied">
        Access code applied.{' '}
        <button type="button" className="kiosk-link" onClick={() => void clearCode(eventId)}>
          Remove code
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="kiosk-button kiosk-button-quiet" onClick={openCode}>
        I have an access code
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void applyCode(eventId);
  };
  return (
    <form className="kiosk-code" onSubmit={submit}>
      <label htmlFor="kiosk-code">Access code</label>
      <div className="kiosk-code-row">
        <input
          id="kiosk-code"
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={codeText}
          aria-invalid={codeNote ? true : undefined}
          aria-describedby={codeNote ? 'kiosk-code-error' : undefined}
          onChange={(e) => setCodeText(e.target.value)}
        />
        <button type="submit" className="kiosk-button" disabled={!codeText.trim() || checking}>
          {checking ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {codeNote ? (
        <p className="kiosk-field-error" id="kiosk-code-error" role="alert">
          {codeNote}
        </p>
      ) : null}
    </form>
  );
}
