import type { WebhookKind } from '../../shared/webhook-kinds.js';

/**
 * What the domain needs from the webhook adapter (src/server/webhooks implements each of these).
 * The domain owns the interfaces so it never imports the adapter: the arrow points one way.
 */

/** Turns committed outbox messages into deliveries, one per interested endpoint. */
export interface WebhookFanOutPort {
  /** Whether any enabled endpoint takes this kind; an outbox row is written only if so. */
  wants(kind: WebhookKind): boolean;
  /** An outbox message was written in the current transaction. */
  emitted(): void;
  /** The outbox position a newly enabled endpoint starts after. */
  lastSeq(): number;
  /** Fans out whatever was emitted but not yet turned into deliveries. */
  catchUp(): number;
}

/** The dispatcher's view of each receiver: paused after failures, and online or not. */
export interface EndpointHealthPort {
  get(endpointId: string): { pausedUntil: number };
  isOnline(endpointId: string): boolean;
  reset(endpointId: string): void;
}

/** Wakes the dispatcher so new work goes out now rather than at its next poll. */
export interface WakeupPort {
  ring(): void;
}

/** Whether sending is held back because API traffic needs the event loop. */
export interface SendBudgetPort {
  readonly throttled: boolean;
}

/** The in-memory list of enabled endpoints, refreshed after a write to them commits. */
export interface EndpointCachePort {
  refresh(): void;
}

/** Checks a receiver URL given by a person; answers it normalised or throws a field error. */
export type ReceiverUrlCheck = (raw: string) => string;
