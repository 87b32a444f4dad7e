import type { PaymentMethod } from '../api/types.js';

/** How a payment method reads on the till, in lists and in reports: never the API's raw value. */
export const paymentMethodWords: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  comp: 'Complimentary',
  external: 'Paid elsewhere',
};

/** For values read from reports (plain strings): a method a newer server adds still shows. */
export function paymentWords(method: string): string {
  return (paymentMethodWords as Record<string, string | undefined>)[method] ?? method;
}
