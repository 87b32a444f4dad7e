import { useEffect } from 'react';

/**
 * Calls `poll` every `everyMs` while the page is visible, and once at once when it becomes visible
 * again; never two at a time (a slow answer is not overtaken by the next tick). A hidden window
 * asks nothing of the server. Pass a stable function (a store action): a new one restarts the timer.
 */
export function usePollWhileVisible(poll: () => Promise<unknown>, everyMs: number): void {
  useEffect(() => {
    let busy = false;
    const tick = () => {
      if (busy || document.visibilityState !== 'visible') return;
      busy = true;
      void poll().finally(() => {
        busy = false;
      });
    };
    const timer = window.setInterval(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [poll, everyMs]);
}
