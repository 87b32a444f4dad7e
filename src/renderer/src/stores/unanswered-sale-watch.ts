import { useSale } from './sale-store.js';
import { useSession } from './session-store.js';
import { useStaff } from './staff-store.js';

/**
 * Whether the till can check its unanswered sale with the server now: one is waiting (not being
 * sent by a press), the server answers, and someone is signed in where the till needs staff.
 */
function readyToCheck(): boolean {
  const sale = useSale.getState();
  const staff = useStaff.getState();
  return (
    sale.sentUnanswered.length > 0 &&
    !sale.submitting &&
    useSession.getState().connection === 'online' &&
    !(staff.mode === 'required' && staff.session === null)
  );
}

/**
 * Checks the till's unanswered sale under its key each time it becomes checkable: as the server
 * is back after an outage, and also as the sale becomes unanswered while the server already
 * answers. A lost answer marks the till offline, but a health poll can answer in the moment
 * before the sale is put down as unanswered; watching the connection alone then left the sale
 * waiting for a press with the server in reach. Returns the unsubscribe.
 */
export function checkUnansweredWhenReachable(): () => void {
  let ready = readyToCheck();
  if (ready) void useSale.getState().resendUnanswered();
  const update = () => {
    const now = readyToCheck();
    if (now && !ready) void useSale.getState().resendUnanswered();
    ready = now;
  };
  const stops = [useSale.subscribe(update), useSession.subscribe(update), useStaff.subscribe(update)];
  return () => stops.forEach((stop) => stop());
}
