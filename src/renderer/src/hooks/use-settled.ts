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
