import type { PaymentAmount, PaymentResult, PaymentTerminal } from './payment-terminal.js';

export interface PendingPayment {
  amount: PaymentAmount;
  startedAt: number;
}

/**
 * The built-in terminal: a staff member watching the kiosk runs the card on a standalone reader,
 * then taps Approve or Decline on the kiosk's attendant panel. No PIN on purpose: the attendant
 * stands at the kiosk, and a PIN shown to customers protects nothing.
 */
export class AttendantTerminal implements PaymentTerminal {
  readonly label = 'Attendant confirms';
  private current: { pending: PendingPayment; settle: (result: PaymentResult) => void } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  requestPayment(amount: PaymentAmount, signal?: AbortSignal): Promise<PaymentResult> {
    // One card at a time: a new request replaces a stale one, which counts as cancelled.
    this.settle('cancelled');
    return new Promise<PaymentResult>((resolve) => {
      const onAbort = () => this.settle('cancelled');
      const settle = (result: PaymentResult) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      this.current = { pending: { amount, startedAt: this.now() }, settle };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      this.emit();
    });
  }

  /** What the attendant panel shows; null when no payment waits. */
  get pending(): PendingPayment | null {
    return this.current?.pending ?? null;
  }

  approve(): void {
    this.settle('approved');
  }

  decline(): void {
    this.settle('declined');
  }

  cancel(): void {
    this.settle('cancelled');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private settle(result: PaymentResult): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    current.settle(result);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
