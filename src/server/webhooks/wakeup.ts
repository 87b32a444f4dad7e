import type { WakeupPort } from '../domain/webhook-port.js';
/**
 * A doorbell for the dispatcher: writers ring it (a new message, a reset delivery, a re-enabled
 * endpoint) so it need not poll. Ringing inside a transaction is fine: the dispatcher answers on
 * a later turn of the event loop, after the synchronous commit (or rollback) is done.
 */
export class Wakeup implements WakeupPort {
  private listener: (() => void) | null = null;

  listen(listener: (() => void) | null): void {
    this.listener = listener;
  }

  ring(): void {
    this.listener?.();
  }
}
