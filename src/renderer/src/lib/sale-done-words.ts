import type { PaymentMethod } from '../api/types.js';
import { formatMoney } from './money.js';
import { paymentMethodWords } from './payment-words.js';

export interface DoneSale {
  tickets: number;
  paymentMethod: PaymentMethod;
  totalCents: number;
  currency: string;
  /** The cash taken and the change due; null when no cash changed hands. */
  cash: { tendered: number; change: number } | null;
}

/**
 * What a screen reader hears with New sale as a sale completes (its description): the change due
 * first, which the seller has to count out now, then the rest. Not the order id: read out whole it
 * is a long string of letters before anything useful, and the seller does not need it here.
 */
export function saleDoneWords(sale: DoneSale): string {
  const money = (cents: number) => formatMoney(cents, sale.currency);
  const tickets = `${sale.tickets} ${sale.tickets === 1 ? 'ticket' : 'tickets'}`;
  const rest = `${tickets}, ${paymentMethodWords[sale.paymentMethod]}, total ${money(sale.totalCents)}`;
  if (!sale.cash) return `Sale complete. ${rest}.`;
  return `Sale complete. Change due ${money(sale.cash.change)}. ${rest}, tendered ${money(sale.cash.tendered)}.`;
}
