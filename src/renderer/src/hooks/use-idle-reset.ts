import { useEffect, useRef, useState } from 'react';
import { idleState, kioskIdleMs, kioskWarningMs, type IdleState } from '../lib/idle-timer.js';

const inputEvents = ['pointerdown', 'keydown', 'touchstart', 'input', 'wheel'] as const;

/**
 * Counts down from the last touch or key; calls `onExpire` after `timeoutMs` of nothing (the
 * kiosk's 60 s unless told). Inactive (no countdown, nothing to reset) while `active` is false:
 * the kiosk's start screen and card payments in progress, a till with nobody signed in.
 */
export function useIdleReset(
  active: boolean,
  onExpire: () => void,
  timeoutMs = kioskIdleMs,
  warningMs = kioskWarningMs,
): IdleState | null {
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
    // Becoming active (a new step, the payment finished, a sign-in) starts the time afresh.
    lastInput.current = Date.now();
    if (!active) {
      const clear = window.setTimeout(() => setState(null), 0);
      return () => window.clearTimeout(clear);
    }
    const timer = window.setInterval(() => {
      const next = idleState(lastInput.current, Date.now(), timeoutMs, warningMs);
      setState((prev) =>
        prev && prev.secondsLeft === next.secondsLeft && prev.warning === next.warning ? prev : next,
      );
      if (next.expired) {
        lastInput.current = Date.now();
        expire.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [active, timeoutMs, warningMs]);

  return state;
}
