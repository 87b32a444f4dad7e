import { useEffect, useState } from 'react';

/**
 * How long a kiosk step's buttons (and the till's New sale) ignore presses after they appear. A customer's double tap lands
 * its second tap where the first one's button was, and the next step puts its own there (Continue
 * then Pay by card, an event's card then the first tier's): a tap about 100-300 ms apart. Half a
 * second covers it; nobody reads a new step and decides faster.
 */
export const settleMs = 500;

/** False until `ms` after the component appeared: for a button a stray second tap must not press. */
export function useSettled(ms = settleMs): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return settled;
}

/**
 * A kiosk button a customer's double tap must not press while it settles, which the keyboard
 * still reaches and presses at once. A disabled button would leave the Tab order for that half
 * second, so a fast Tab skipped it; this one stays focusable, says it takes no taps yet
 * (`aria-disabled`, which assistive tech and tests wait for), and ignores only a pointer's click
 * (a tap or a click has a `detail`; Enter or Space on the focused button has none). A keyboard
 * press is never the second half of the tap that removed the last step's button: reaching this
 * one took a Tab.
 */
export function useTapSettled(ms = settleMs): {
  settled: boolean;
  ariaDisabled: true | undefined;
  /** True for a press to ignore. */
  ignores: (event: { detail: number }) => boolean;
} {
  const settled = useSettled(ms);
  return {
    settled,
    ariaDisabled: settled ? undefined : true,
    ignores: (event) => !settled && event.detail > 0,
  };
}
