import { useEffect, useRef, type FormEvent } from 'react';
import type { TierView } from '../../api/types.js';
import { QuantityStepper } from '../../components/quantity-stepper.js';
import { useTapSettled } from '../../hooks/use-settled.js';
import { cardNotReadyWords } from '../../lib/kiosk-trouble.js';
import { formatMoney } from '../../lib/money.js';
import { purchaseLimitWords } from '../../lib/sale.js';
import { useKiosk } from '../../stores/kiosk-store.js';
import { KioskField } from './kiosk-field.js';
import { KioskNote } from './kiosk-note.js';
import { KioskTitle } from './kiosk-title.js';

/** Step 3: how many, with buttons a thumb can hit; never more than one order may take. */
export function KioskQuantity({ tier, max }: { tier: TierView; max: number }) {
  const quantity = useKiosk((s) => s.quantity);
  const setQuantity = useKiosk((s) => s.setQuantity);
  const toDetails = useKiosk((s) => s.toDetails);
  const back = useKiosk((s) => s.back);
  // The tier's card sat where Continue is, and the details step's Back where this Back is: a
  // double tap on either must not skip this step, forwards or back (losing the number chosen).
  const hold = useTapSettled();
  return (
    <section aria-labelledby="kiosk-qty-title">
      <KioskTitle id="kiosk-qty-title">How many?</KioskTitle>
      <p className="kiosk-subtitle">
        {tier.name} · {formatMoney(tier.price_cents, tier.currency)} each
      </p>
      <KioskNote />
      <QuantityStepper
        look="kiosk"
        groupLabel="Quantity"
        quantity={quantity}
        max={max}
        onChange={(n) => setQuantity(n, max)}
      >
        <output className="kiosk-qty" aria-live="polite" data-testid="kiosk-quantity">
          {quantity}
        </output>
      </QuantityStepper>
      <p className="kiosk-hint">{purchaseLimitWords(tier, quantity, max)}</p>
      {/* Said again at each One more / One fewer: a customer who cannot see the screen hears the price. */}
      <p className="kiosk-total" role="status">
        Total{' '}
        <strong data-testid="kiosk-total">{formatMoney(tier.price_cents * quantity, tier.currency)}</strong>
      </p>
      <div className="kiosk-actions">
        <button
          type="button"
          className="kiosk-button kiosk-button-quiet"
          aria-disabled={hold.ariaDisabled}
          onClick={(e) => {
            if (!hold.ignores(e)) back();
          }}
        >
          Back
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-button-go"
          aria-disabled={hold.ariaDisabled}
          onClick={(e) => {
            if (!hold.ignores(e)) toDetails();
          }}
        >
          Continue
        </button>
      </div>
    </section>
  );
}

/**
 * Step 4: who the tickets are for. The email is asked before paying: the server requires one for
 * card sales, and the checkout then queues the order's mail to it. The kiosk cannot resend mail
 * afterwards (its key may not: a public screen must not mail tickets to any address typed in).
 */
export function KioskDetails({ tier, onPay }: { tier: TierView; onPay: () => void }) {
  const quantity = useKiosk((s) => s.quantity);
  const buyerName = useKiosk((s) => s.buyerName);
  const buyerEmail = useKiosk((s) => s.buyerEmail);
  const setBuyer = useKiosk((s) => s.setBuyer);
  const fieldErrors = useKiosk((s) => s.fieldErrors);
  const back = useKiosk((s) => s.back);
  // False only once the server said no PIN is set; while the offer loads, Pay by card stays.
  const cardReady = useKiosk((s) => s.offer.data?.kiosk_attendant_pin_set !== false);
  // Continue sat where Pay by card is: a double tap on it must not start a payment unreviewed.
  const hold = useTapSettled();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPay();
  };
  const emailError = fieldErrors['buyer.email'];
  const nameError = fieldErrors['buyer.name'];
  // A refused field takes the keyboard: the customer fixes it there (the on-screen keyboard
  // opens on a touch screen), and a screen reader reads the field with its error.
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (emailError) emailRef.current?.focus();
    else if (nameError) nameRef.current?.focus();
  }, [emailError, nameError]);
  return (
    <form onSubmit={submit} aria-labelledby="kiosk-details-title" noValidate>
      <KioskTitle id="kiosk-details-title">Your details</KioskTitle>
      <p className="kiosk-subtitle">
        {quantity} × {tier.name} · total{' '}
        <strong data-testid="kiosk-total">{formatMoney(tier.price_cents * quantity, tier.currency)}</strong>
      </p>
      <KioskNote />
      <KioskField
        id="kiosk-email"
        label="Email (we send your tickets here)"
        error={emailError}
        ref={emailRef}
        type="email"
        inputMode="email"
        autoComplete="off"
        value={buyerEmail}
        onChange={(e) => setBuyer('buyerEmail', e.target.value)}
      />
      <KioskField
        id="kiosk-name"
        label="Name (optional)"
        error={nameError}
        ref={nameRef}
        autoComplete="off"
        value={buyerName}
        placeholder="Kiosk guest"
        onChange={(e) => setBuyer('buyerName', e.target.value)}
      />
      {cardReady ? null : (
        <p className="kiosk-note" role="status">
          {cardNotReadyWords}
        </p>
      )}
      <div className="kiosk-actions">
        <button type="button" className="kiosk-button kiosk-button-quiet" onClick={back}>
          Back
        </button>
        {cardReady ? (
          <button
            type="submit"
            className="kiosk-button kiosk-button-go"
            aria-disabled={hold.ariaDisabled}
            onClick={(e) => {
              // A tap's click would submit the form: it is stopped before it does.
              if (hold.ignores(e)) e.preventDefault();
            }}
          >
            Pay by card
          </button>
        ) : null}
      </div>
    </form>
  );
}
