import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type {
  BulkRefundView,
  EventCreate,
  EventPatch,
  EventView,
  TierCreate,
  TierPatch,
  TierView,
} from '../api/types.js';
import {
  failed,
  fetchAllPages,
  idle,
  loading,
  ready,
  removeById,
  upsertById,
  type Loadable,
} from '../lib/loadable.js';
import { requireClient } from './session-store.js';
import type { EventsView } from '../lib/event-season.js';

export interface CancelEventBody {
  notify_holders?: boolean;
  message?: string;
}

export interface CancelledEvent {
  event: EventView;
  holdersNotified: number | null;
}

interface EventsState {
  events: Loadable<EventView[]>;
  tiers: Record<string, Loadable<TierView[]>>;
  /** When each event's tiers were last read from the server (Date.now()), for "Counts read … ago". */
  tiersReadAt: Record<string, number>;
  /** The Events screen's view (Upcoming, Past…), kept while staff open an event and come back. */
  listView: EventsView;
  setListView(view: EventsView): void;
  loadEvents(): Promise<void>;
  loadTiers(eventId: string): Promise<void>;
  /**
   * One event read again (doors moved, renamed, published or cancelled at another till), kept in
   * the list; a failed read keeps what is shown for the next refresh to try.
   */
  loadEvent(eventId: string): Promise<void>;
  /** `loadEvent` that answers the event as read, and throws when it cannot be read (Save's check). */
  readEvent(eventId: string): Promise<EventView>;
  /** Writes throw ApiRequestError so forms can put the server's message on the right field. */
  createEvent(body: EventCreate): Promise<EventView>;
  updateEvent(id: string, patch: EventPatch): Promise<EventView>;
  publishEvent(id: string): Promise<EventView>;
  /**
   * Cancels; `holdersNotified` is how many ticket holders the server queued a mail to (null when
   * this request cancelled nothing: the event already was).
   */
  cancelEvent(id: string, body?: CancelEventBody): Promise<CancelledEvent>;
  /** What refunding every paid order of the event would move. */
  refundPreview(id: string): Promise<BulkRefundView>;
  /** Refunds every paid order of a cancelled event (server: one transaction, safe to repeat). */
  refundAll(id: string): Promise<BulkRefundView>;
  createTier(eventId: string, body: TierCreate): Promise<TierView>;
  updateTier(tier: TierView, patch: TierPatch): Promise<TierView>;
  deleteTier(tier: TierView): Promise<void>;
}

/** Events and their tiers: what Sell and Events & tiers both read, kept in one place. */
export const useEvents = create<EventsState>()((set, get) => {
  const putEvent = (event: EventView) => {
    const current = get().events;
    set({ events: ready(upsertById(current.data ?? [], event)) });
    return event;
  };
  const putTiers = (eventId: string, update: (list: TierView[]) => TierView[]) => {
    const current = get().tiers[eventId];
    set({ tiers: { ...get().tiers, [eventId]: ready(update(current?.data ?? [])) } });
  };

  return {
    events: idle(),
    tiers: {},
    tiersReadAt: {},
    listView: 'upcoming',
    setListView: (listView) => set({ listView }),

    async loadEvents() {
      set({ events: loading(get().events) });
      try {
        const client = requireClient();
        const all = await fetchAllPages((cursor) =>
          unwrap(
            client.GET('/v2/events', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
          ),
        );
        set({ events: ready(all) });
      } catch (err) {
        set({ events: failed(messageOf(err), get().events) });
      }
    },

    async loadTiers(eventId) {
      set({ tiers: { ...get().tiers, [eventId]: loading(get().tiers[eventId]) } });
      try {
        const client = requireClient();
        const all = await fetchAllPages((cursor) =>
          unwrap(
            client.GET('/v2/events/{event_id}/tiers', {
              params: { path: { event_id: eventId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } },
            }),
          ),
        );
        set({
          tiers: { ...get().tiers, [eventId]: ready(all) },
          tiersReadAt: { ...get().tiersReadAt, [eventId]: Date.now() },
        });
      } catch (err) {
        set({ tiers: { ...get().tiers, [eventId]: failed(messageOf(err), get().tiers[eventId]) } });
      }
    },

    async loadEvent(eventId) {
      try {
        await get().readEvent(eventId);
      } catch {
        // The till keeps selling on what it has; the server still decides every sale.
      }
    },

    async readEvent(eventId) {
      const fresh = await unwrap(
        requireClient().GET('/v2/events/{id}', { params: { path: { id: eventId } } }),
      );
      const shown = get().events.data?.find((e) => e.id === eventId);
      // Unchanged, it keeps its object: the pages polling it are not drawn again for nothing.
      if (!shown || JSON.stringify(shown) !== JSON.stringify(fresh)) putEvent(fresh);
      return fresh;
    },

    async createEvent(body) {
      const event = await unwrap(requireClient().POST('/v2/events', { body }));
      putEvent(event);
      set({ tiers: { ...get().tiers, [event.id]: ready([]) } });
      return event;
    },

    async updateEvent(id, patch) {
      return putEvent(
        await unwrap(requireClient().PATCH('/v2/events/{id}', { params: { path: { id } }, body: patch })),
      );
    },

    async publishEvent(id) {
      return putEvent(
        await unwrap(requireClient().POST('/v2/events/{id}/publish', { params: { path: { id } } })),
      );
    },

    async cancelEvent(id, body = {}) {
      let holdersNotified: number | null = null;
      const event = await unwrap(
        requireClient()
          .POST('/v2/events/{id}/cancel', { params: { path: { id } }, body })
          .then((result) => {
            const header = result.response.headers.get('marquee-holders-notified');
            holdersNotified = header === null ? null : Number(header);
            return result;
          }),
      );
      return { event: putEvent(event), holdersNotified };
    },

    refundPreview: (id) =>
      unwrap(requireClient().GET('/v2/events/{id}/refund_all', { params: { path: { id } } })),

    async refundAll(id) {
      const done = await unwrap(
        requireClient().POST('/v2/events/{id}/refund_all', { params: { path: { id } }, body: {} }),
      );
      // Refunds void tickets: the tiers' voided counts changed.
      void get().loadTiers(id);
      return done;
    },

    async createTier(eventId, body) {
      const tier = await unwrap(
        requireClient().POST('/v2/events/{event_id}/tiers', {
          params: { path: { event_id: eventId } },
          body,
        }),
      );
      putTiers(eventId, (list) => upsertById(list, tier));
      return tier;
    },

    async updateTier(tier, patch) {
      const next = await unwrap(
        requireClient().PATCH('/v2/tiers/{id}', { params: { path: { id: tier.id } }, body: patch }),
      );
      putTiers(tier.event_id, (list) => upsertById(list, next));
      return next;
    },

    async deleteTier(tier) {
      await unwrap(requireClient().DELETE('/v2/tiers/{id}', { params: { path: { id: tier.id } } }));
      putTiers(tier.event_id, (list) => removeById(list, tier.id));
    },
  };
});
