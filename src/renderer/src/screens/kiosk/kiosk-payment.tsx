import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { formatMoney } from '../../lib/money.js';
import { messageOf } from '../../api/api-error.js';
import { attendantTerminal, checkAttendantPin, useKiosk } from '../../stores/kiosk-store.js';
import { KioskTitle } from './kiosk-title.js';

const subscribe = (listener: () => void) => attendantTerminal.subscribe(listener);
const pendingPayment = () => attendantTerminal.pending;

/** Waiting for the terminal. With the built-in terminal, the attendant's panel is shown too. */
export function KioskPaying() {
  const terminal = useKiosk((s) => s.terminal);
  const cancelPayment = useKiosk((s) => s.cancelPayment);
  const pending = useSyncExternalStore(subscribe, pendingPayment);
  return (
    <section aria-labelledby="kiosk-pay-title" className="kiosk-paying">
      <KioskTitle id="kiosk-pay-title">Pay by card</KioskTitle>
      {pending ? (
        <p className="kiosk-amount" data-testid="kiosk-amount">
          {formatMoney(pending.amount.cents, pending.amount.currency)}
        </p>
      ) : null}
      <p className="kiosk-subtitle">
        {terminal === attendantTerminal
          ? 'Please hand your card to the attendant, or tap it on their reader.'
          : 'Follow the instructions on the card terminal.'}
      </p>
      <button type="button" className="kiosk-button kiosk-button-quiet" onClick={cancelPayment}>
        Cancel
      </button>
      {terminal === attendantTerminal && pending ? (
        <AttendantPanel cents={pending.amount.cents} currency={pending.amount.currency} />
      ) : null}
    </section>
  );
}

/**
 * The attendant approves with the attendant PIN, which the server checks (POST
 * /v2/kiosk/attendant_check): the customer facing this screen cannot approve their own payment.
 * Declining needs no PIN; it takes no money.
 */
function AttendantPanel({ cents, currency }: { cents: number; currency: string }) {
  const approval = useAttendantPin((pin) => attendantTerminal.approve(pin));
  return (
    <aside className="kiosk-attendant" aria-label="Attendant">
      <p className="kiosk-attendant-title">Attendant only</p>
      <p>
        Take <strong>{formatMoney(cents, currency)}</strong> on the card reader, then confirm what it said.
      </p>
      <form className="kiosk-attendant-pin" onSubmit={(e) => void approval.submit(e)}>
        {approval.field('kiosk-attendant-pin')}
        <div className="kiosk-actions">
          <button
            type="button"
            className="kiosk-button kiosk-button-bad"
            onClick={() => attendantTerminal.decline()}
          >
            Declined
          </button>
          <button type="submit" className="kiosk-button kiosk-button-go" disabled={!approval.ready}>
            {approval.checking ? 'Checking…' : 'Approved'}
          </button>
        </div>
      </form>
    </aside>
  );
}

export function KioskRecording() {
  return (
    <section className="kiosk-paying" aria-live="polite">
      <KioskTitle>Payment approved</KioskTitle>
      <p className="kiosk-subtitle">
        <span className="spinner" aria-hidden="true" /> Issuing your tickets…
      </p>
    </section>
  );
}

/**
 * Charged but no tickets: only an attendant can settle this (retry, or refund on the terminal).
 * Starting over forgets the charge, and nothing on the server records it (the order was refused),
 * so it takes the attendant PIN like Approved does: a customer cannot clear it and walk off.
 */
export function KioskRecordFailed() {
  const failure = useKiosk((s) => s.failure);
  const retryRecord = useKiosk((s) => s.retryRecord);
  const reset = useKiosk((s) => s.reset);
  const startOver = useAttendantPin(async (pin) => {
    try {
      await checkAttendantPin(pin);
    } catch (err) {
      return messageOf(err);
    }
    reset();
    return null;
  });
  if (!failure) return null;
  return (
    <section className="kiosk-paying" role="alert">
      <KioskTitle>Please call the attendant</KioskTitle>
      <p className="kiosk-note">{failure.message}</p>
      <aside className="kiosk-attendant" aria-label="Attendant">
        <p className="kiosk-attendant-title">Attendant only</p>
        <p>
          {failure.retryable
            ? `Try again: it will not charge the card twice. If you give up instead, refund ${failure.charged} on the card terminal.`
            : failure.unsure
              ? `If the card terminal took ${failure.charged}, refund it there; then start over.`
              : `Refund ${failure.charged} on the card terminal, then start over.`}
        </p>
        {failure.retryable ? (
          <div className="kiosk-actions">
            <button type="button" className="kiosk-button kiosk-button-go" onClick={() => void retryRecord()}>
              Try again
            </button>
          </div>
        ) : null}
        <form className="kiosk-attendant-pin" onSubmit={(e) => void startOver.submit(e)}>
          {startOver.field('kiosk-refunded-pin')}
          <div className="kiosk-actions">
            <button type="submit" className="kiosk-button kiosk-button-quiet" disabled={!startOver.ready}>
              {startOver.checking ? 'Checking…' : 'Refunded: start over'}
            </button>
          </div>
        </form>
      </aside>
    </section>
  );
}

/**
 * The attendant's PIN for one action: digits only, hidden, the server's refusal under it. `onPin`
 * answers null when the PIN was taken, else why not (the field then empties for another try).
 */
function useAttendantPin(onPin: (pin: string) => Promise<string | null>) {
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const refused = await onPin(pin);
    setChecking(false);
    setPin('');
    setProblem(refused);
  };
  const field = (id: string) => (
    <>
      <label htmlFor={id}>Attendant PIN</label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={pin}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setPin(e.target.value.replace(/\D/g, ''));
          setProblem(null);
        }}
      />
      {problem ? (
        <p className="kiosk-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
  return { submit, field, checking, ready: pin.length >= 4 && !checking };
}
