import type { PaymentAmount, PaymentResult, PaymentTerminal } from './payment-terminal.js';

export interface PendingPayment {
  amount: PaymentAmount;
  startedAt: number;
}

/**
 * Checks the attendant's PIN with the venue server (POST /v2/kiosk/attendant_check); rejects
 * with the reason when it is wrong, not set, or locked after too many wrong tries.
 */
export type PinCheck = (pin: string) => Promise<void>;

/**
 * The built-in terminal: a staff member runs the card on a standalone reader, then approves on
 * the kiosk's attendant panel with the attendant PIN, or declines. The PIN is checked by the
 * server, so a customer at the screen cannot approve their own payment; declining needs no PIN
 * (it takes no money, and the customer may cancel anyway).
 */
export class AttendantTerminal implements PaymentTerminal {
  readonly label = 'Attendant confirms';
  private current: { pending: PendingPayment; settle: (result: PaymentResult) => void } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly checkPin: PinCheck,
    private readonly now: () => number = Date.now,
  ) {}

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

  /**
   * Approves the waiting payment once the server accepts the PIN. Answers null when approved,
   * else why not (the payment keeps waiting). A payment cancelled meanwhile stays cancelled.
   */
  async approve(pin: string): Promise<string | null> {
    const waiting = this.current;
    if (!waiting) return 'No payment is waiting.';
    try {
      await this.checkPin(pin);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
    if (this.current !== waiting) return 'This payment was cancelled.';
    this.settle('approved');
    return null;
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
