import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { PayoutView } from '../api/types.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { eventsWithPending } from '../lib/payout-excess.js';
import { failed, fetchAllPages, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface PayoutsState {
  payouts: Loadable<PayoutView[]>;
  /** Sales less refunds of each event with a payout pending (lib/payout-excess.ts judges them). */
  netByEvent: Record<string, number>;
  load(): Promise<void>;
  /** Settles the event's net sales not yet paid out; throws the server's refusal for the screen. */
  create(eventId: string): Promise<PayoutView>;
  markPaid(id: string): Promise<PayoutView>;
  /** Withdraws a pending payout; throws the server's refusal (already paid) for the dialog. */
  cancel(id: string): Promise<PayoutView>;
}

/** Payouts: money owed to the organiser per event, newest last (the API's order). */
export const usePayouts = create<PayoutsState>()((set, get) => {
  const put = (payout: PayoutView) => {
    set({ payouts: ready(upsertById(get().payouts.data ?? [], payout)) });
    return payout;
  };
  // Read after every load: a refund on a till since the last visit changes what is owed. A report
  // that cannot be read leaves its event unjudged rather than the screen broken.
  const loadNets = async (payouts: readonly PayoutView[]) => {
    const netByEvent: Record<string, number> = {};
    for (const id of eventsWithPending(payouts)) {
      try {
        const report = await unwrap(
          requireClient().GET('/v2/reports/events/{id}', { params: { path: { id } } }),
        );
        netByEvent[id] = report.totals.net_cents;
      } catch {
        // unjudged: the payout shows without a warning
      }
    }
    set({ netByEvent });
  };
  return {
    payouts: idle(),
    netByEvent: {},

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
        await loadNets(all);
      } catch (err) {
        set({ payouts: failed(messageOf(err), get().payouts) });
      }
    },

    async create(eventId) {
      const payout = put(
        await unwrap(
          requireClient().POST('/v2/payouts', {
            body: { event_id: eventId },
            // A retry after a dropped answer must not settle the same money twice.
            headers: { 'Idempotency-Key': newIdempotencyKey() },
          }),
        ),
      );
      await loadNets(get().payouts.data ?? []);
      return payout;
    },

    async cancel(id) {
      const payout = put(
        await unwrap(requireClient().POST('/v2/payouts/{id}/cancel', { params: { path: { id } } })),
      );
      await loadNets(get().payouts.data ?? []);
      return payout;
    },

    async markPaid(id) {
      return put(
        await unwrap(requireClient().POST('/v2/payouts/{id}/mark_paid', { params: { path: { id } } })),
      );
    },
  };
});
