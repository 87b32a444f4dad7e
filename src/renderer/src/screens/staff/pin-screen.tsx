import { useCallback, useEffect, useRef, useState } from 'react';
import {
  canSubmit,
  digitsTypedWords,
  emptyKeypad,
  isTypedDigit,
  keypadKeyOf,
  maskedPin,
  pinMaxDigits,
  pinMinDigits,
  pressKey,
  type KeypadKey,
} from '../../lib/pin-keypad.js';
import { useWedgeScanner } from '../../hooks/use-wedge-scanner.js';
import { useSession } from '../../stores/session-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { useStaff } from '../../stores/staff-store.js';
import './staff.css';

const rows: readonly (readonly KeypadKey[])[] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['clear', '0', 'enter'],
];
const labels: Partial<Record<KeypadKey, string>> = { clear: 'Clear', enter: 'Enter' };

const signedOutWords = {
  manual: null,
  idle: 'Signed out after a while without use.',
  expired: 'Your sign-in ran out. Sign in again.',
  ended: 'Your sign-in has ended. Sign in again.',
} as const;

/**
 * The till's sign-in when the venue has staff: a PIN keypad with big touch buttons, and the
 * physical keyboard's digits, Backspace, Escape and Enter. Digits never show, only dots.
 */
export function PinScreen() {
  const signIn = useStaff((s) => s.signIn);
  const busy = useStaff((s) => s.busy);
  const pinError = useStaff((s) => s.pinError);
  const signedOutBy = useStaff((s) => s.signedOutBy);
  const endedWords = useStaff((s) => s.endedWords);
  const venue = useSettings((s) => s.settings.data?.venue_name ?? '');
  const probe = useStaff((s) => s.probe);
  const admin = useSession((s) => s.role === 'admin');
  const [keypad, setKeypad] = useState(emptyKeypad);
  const [scannedHere, setScannedHere] = useState(false);
  // The latest state for the window's key listener, which outlives renders.
  const current = useRef(keypad);

  const press = useCallback(
    (key: KeypadKey) => {
      if (useStaff.getState().busy) return;
      const next = pressKey(current.current, key);
      current.current = next;
      setScannedHere(false);
      setKeypad(next);
      if (next.submit !== null) void signIn(next.submit);
    },
    [signIn],
  );

  useEffect(() => {
    let afterTypedDigit = false;
    // A key clicked or touched keeps the focus, but a seller who tapped the PIN and then presses
    // the keyboard's Enter means "sign in": only a button reached with the keyboard (Tab) owns Enter.
    let focusByPointer = false;
    const onPointer = () => {
      focusByPointer = true;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Tab') focusByPointer = false;
      const onButton =
        !focusByPointer &&
        event.target instanceof Element &&
        event.target.closest('button, a[href], summary') !== null;
      const key = keypadKeyOf(event.key, { onButton, afterTypedDigit });
      afterTypedDigit = isTypedDigit(event.key);
      if (!key) return;
      event.preventDefault();
      press(key);
    };
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [press]);

  // A ticket scanned at the sign-in screen is not a PIN: its digits would count as wrong guesses
  // and lock the till out. The scan is dropped, with what was typed of it, and said in words.
  useWedgeScanner(
    useCallback(() => {
      current.current = emptyKeypad;
      setKeypad(emptyKeypad);
      setScannedHere(true);
    }, []),
    { keysLand: true },
  );

  const notice =
    pinError ??
    (scannedHere ? 'That was a ticket, not a PIN: sign in first, then scan it.' : null) ??
    (signedOutBy === 'ended' ? endedWords : null) ??
    signedOutWords[signedOutBy ?? 'manual'];
  return (
    // The page's main landmark: a screen reader's "next main" lands on the keypad, as on every screen.
    <main className="pin-screen" aria-labelledby="pin-title">
      <p className="pin-venue">{venue}</p>
      <h1 id="pin-title">Sign in with your PIN</h1>
      {/* A live region reads its content, not its label: the words, not "bullet bullet". */}
      <output className="pin-dots" aria-label={digitsTypedWords(keypad.digits)} aria-live="polite">
        <span aria-hidden="true">{maskedPin(keypad.digits) || ' '}</span>
        <span className="visually-hidden">{digitsTypedWords(keypad.digits)}</span>
      </output>
      <p className={pinError ? 'pin-notice pin-error' : 'pin-notice'} role={pinError ? 'alert' : 'status'}>
        {busy
          ? 'Checking…'
          : (notice ?? `Type your PIN (${pinMinDigits}–${pinMaxDigits} digits), then Enter.`)}
      </p>
      <div className="pin-pad" role="group" aria-label="PIN keypad">
        {rows.flat().map((key) => (
          <button
            key={key}
            type="button"
            className={`pin-key pin-key-${key.length > 1 ? key : 'digit'}`}
            disabled={busy || (key === 'enter' && !canSubmit(keypad.digits))}
            onClick={() => press(key)}
          >
            {labels[key] ?? key}
          </button>
        ))}
      </div>
      {admin ? (
        // The admin desk reaches the keypad only when it opened or closed a shift (those need a
        // member's name). A manager with no PIN of their own was held here with no way back but
        // closing the tab; the server's answer puts this key back on its screens.
        <p className="pin-admin-back">
          This computer uses the admin key, which needs a PIN only to open or close a shift.{' '}
          <button type="button" className="button" onClick={() => void probe()}>
            Back without a PIN
          </button>
        </p>
      ) : null}
    </main>
  );
}
