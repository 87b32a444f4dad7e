import { useEffect, useRef, useState } from 'react';
import { idleState, kioskIdleMs, kioskWarningMs, type IdleState } from '../../lib/idle-timer.js';

const inputEvents = ['pointerdown', 'keydown', 'touchstart', 'input', 'wheel'] as const;

/**
 * Counts down from the last touch or key; calls `onExpire` after 60 s of nothing. Inactive
 * (no countdown, nothing to reset) while `active` is false: at the start screen, and while a
 * card payment is in progress, which must never be wiped by a customer walking away.
 */
export function useIdleReset(active: boolean, onExpire: () => void): IdleState | null {
  // Set from the clock in the effects below (render must stay pure).
  const lastInput = useRef(0);
  const [state, setState] = useState<IdleState | null>(null);
  const expire = useRef(onExpire);

  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const touch = () => {
      lastInput.current = Date.now();
    };
    for (const name of inputEvents) window.addEventListener(name, touch, { capture: true, passive: true });
    return () => {
      for (const name of inputEvents) window.removeEventListener(name, touch, { capture: true });
    };
  }, []);

  useEffect(() => {
    // Becoming active (a new step, the payment finished) starts a fresh minute.
    lastInput.current = Date.now();
    if (!active) {
      const clear = window.setTimeout(() => setState(null), 0);
      return () => window.clearTimeout(clear);
    }
    const timer = window.setInterval(() => {
      const next = idleState(lastInput.current, Date.now(), kioskIdleMs, kioskWarningMs);
      setState((prev) =>
        prev && prev.secondsLeft === next.secondsLeft && prev.warning === next.warning ? prev : next,
      );
      if (next.expired) {
        lastInput.current = Date.now();
        expire.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [active]);

  return state;
}

/** The last 10 seconds, big enough to notice: any touch keeps the customer's place. */
export function IdleCountdown({ state }: { state: IdleState | null }) {
  if (!state?.warning) return null;
  return (
    <div className="kiosk-idle" role="alert" data-testid="kiosk-idle">
      <p>Still there?</p>
      <p className="kiosk-idle-count">{state.secondsLeft}</p>
      <p>Touch the screen to continue. Starting over in {state.secondsLeft} s.</p>
    </div>
  );
}
