import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { PayoutView } from '../api/types.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { failed, fetchAllPages, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface PayoutsState {
  payouts: Loadable<PayoutView[]>;
  load(): Promise<void>;
  /** Settles the event's net sales not yet paid out; throws the server's refusal for the screen. */
  create(eventId: string): Promise<PayoutView>;
  markPaid(id: string): Promise<PayoutView>;
}

/** Payouts: money owed to the organiser per event, newest last (the API's order). */
export const usePayouts = create<PayoutsState>()((set, get) => {
  const put = (payout: PayoutView) => {
    set({ payouts: ready(upsertById(get().payouts.data ?? [], payout)) });
    return payout;
  };
  return {
    payouts: idle(),

    async load() {
      set({ payouts: loading(get().payouts) });
      try {
        const all = await fetchAllPages((cursor) =>
          unwrap(
            requireClient().GET('/v2/payouts', {
              params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
            }),
          ),
        );
        set({ payouts: ready(all) });
      } catch (err) {
        set({ payouts: failed(messageOf(err), get().payouts) });
      }
    },

    async create(eventId) {
      return put(
        await unwrap(
          requireClient().POST('/v2/payouts', {
            body: { event_id: eventId },
            // A retry after a dropped answer must not settle the same money twice.
            headers: { 'Idempotency-Key': newIdempotencyKey() },
          }),
        ),
      );
    },

    async markPaid(id) {
      return put(
        await unwrap(requireClient().POST('/v2/payouts/{id}/mark_paid', { params: { path: { id } } })),
      );
    },
  };
});
