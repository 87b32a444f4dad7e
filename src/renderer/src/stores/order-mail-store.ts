import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { MailView } from '../api/types.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { failed, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface OrderMailState {
  /** Each order's confirmation mails (GET /v2/orders/{id}/mail), by order id. */
  mail: Record<string, Loadable<MailView[]>>;
  load(orderId: string): Promise<void>;
  /**
   * Queues the order's confirmation again, to `email` when given (a one-off address: the order
   * keeps its buyer). Throws ApiRequestError for the dialog.
   */
  resend(orderId: string, email?: string): Promise<MailView>;
  /** Mails a transfer's recipient their ticket again (the ticket is on `orderId`). */
  resendTicket(orderId: string, ticketId: string): Promise<MailView>;
}

/** The order mail a till shows beside an order: the checkout's and each resend, with their state. */
export const useOrderMail = create<OrderMailState>()((set, get) => ({
  mail: {},

  async load(orderId) {
    const previous = get().mail[orderId];
    set({ mail: { ...get().mail, [orderId]: loading(previous) } });
    try {
      const list = await unwrap(
        requireClient().GET('/v2/orders/{id}/mail', { params: { path: { id: orderId } } }),
      );
      set({ mail: { ...get().mail, [orderId]: ready(list.data) } });
    } catch (err) {
      set({ mail: { ...get().mail, [orderId]: failed(messageOf(err), previous) } });
    }
  },

  async resend(orderId, email) {
    const mail = await unwrap(
      requireClient().POST('/v2/orders/{id}/resend', {
        params: { path: { id: orderId } },
        body: email ? { email } : {},
      }),
    );
    set({ mail: { ...get().mail, [orderId]: ready(upsertById(get().mail[orderId]?.data ?? [], mail)) } });
    return mail;
  },

  async resendTicket(orderId, ticketId) {
    const mail = await unwrap(
      requireClient().POST('/v2/tickets/{id}/resend', {
        params: { path: { id: ticketId } },
        body: {},
        // A retry after a dropped answer must not mail the recipient twice.
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
    );
    set({ mail: { ...get().mail, [orderId]: ready(upsertById(get().mail[orderId]?.data ?? [], mail)) } });
    return mail;
  },
}));
