import { useEffect, useRef } from 'react';

/** Marks the history entry the kiosk adds on top of its own, so a Back lands on the kiosk's. */
const holdState = { kioskHold: true } as const;

const isHold = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { kioskHold?: unknown }).kioskHold === true;

/**
 * Keeps a customer's browser Back (Alt+Left, a mouse's back button) on the kiosk: the page adds one
 * history entry of its own at the same address, and a Back that takes it away calls `onBack`
 * instead of leaving (a fresh kiosk tab used to go back to about:blank). The entry is added when
 * the person touches or types, never on load: Chromium skips, on Back, entries a page added
 * without the person having used it (its history manipulation intervention), so one added on
 * load would be passed over and the tab would leave anyway. After a Back the entry comes again at
 * the next touch or key, so two Backs in a row with no touch between can still leave the tab: a
 * page cannot hold a browser's Back against that, by the browser's design; a kiosk browser in
 * kiosk mode (no Back at all) is the whole answer.
 */
export function useHistoryHold(onBack: () => void): void {
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  }, [onBack]);

  useEffect(() => {
    let holding = isHold(window.history.state);
    const hold = () => {
      if (holding) return;
      window.history.pushState(holdState, '', window.location.href);
      holding = true;
    };
    const onPopState = (event: PopStateEvent) => {
      holding = isHold(event.state);
      if (!holding) back.current();
    };
    // A sign-in typed a moment ago counts as the person using the page.
    if (navigator.userActivation?.isActive) hold();
    window.addEventListener('popstate', onPopState);
    window.addEventListener('pointerdown', hold, { capture: true, passive: true });
    window.addEventListener('keydown', hold, { capture: true, passive: true });
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('pointerdown', hold, { capture: true });
      window.removeEventListener('keydown', hold, { capture: true });
    };
  }, []);
}
