/**
 * How an unanswered sale is named to whoever is signed in at the till now: its seller by their
 * own sale's time, a colleague by the seller's name and its tickets too (lib/unanswered-sale.ts).
 */
import { saleCalled, saleTime, type SaleCalled, type Seller } from '../lib/unanswered-sale.js';
import { useStaff } from './staff-store.js';

/** The member signed in at this till now, as a sale remembers them; null without staff. */
export const signedInSeller = (): Seller | null => {
  const staff = useStaff.getState().session?.staff;
  return staff ? { id: staff.id, name: staff.name } : null;
};

/**
 * The unanswered sale as the member signed in now is told of it: by its time to whoever rang it
 * up, by their name and its tickets to anyone else.
 */
export function calledNow(
  sentAt: number,
  sentBy: Seller | null,
  cart: { quantity: number; held: readonly { quantity: number }[] },
): SaleCalled {
  const when = saleTime(sentAt, Date.now());
  if (sentBy === null || sentBy.id === signedInSeller()?.id) return saleCalled(when);
  const tickets = cart.held.reduce((sum, line) => sum + line.quantity, cart.quantity);
  return saleCalled(when, { seller: sentBy.name, tickets });
}
