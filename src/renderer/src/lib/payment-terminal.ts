/**
 * The kiosk's card payment seam (docs/ui.md "Kiosk payment seam"). The kiosk records a card sale
 * only after a terminal says the money was taken, so anything that can answer this one question
 * can be plugged in: the built-in attendant panel, or a real card-terminal integration.
 */
export interface PaymentAmount {
  /** Integer minor units, as everywhere in Marquee. */
  cents: number;
  /** Lowercase ISO 4217 code, as the event's `currency`. */
  currency: string;
  /**
   * One per payment attempt (it is also the order's Idempotency-Key), so a terminal integration
   * can refuse to charge the same attempt twice.
   */
  reference: string;
}

export type PaymentResult = 'approved' | 'declined' | 'cancelled';

export interface PaymentTerminal {
  /** A short name for the screen, e.g. "Attendant confirms". */
  readonly label: string;
  /**
   * Asks for the amount and settles once the terminal knows: `approved` only when the money was
   * taken. `signal` aborting (the customer pressed Cancel) must settle with `cancelled` unless
   * the terminal already approved.
   */
  requestPayment(amount: PaymentAmount, signal?: AbortSignal): Promise<PaymentResult>;
}
