import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type {
  AttendeePatch,
  AttendeeView,
  BuyerPatch,
  OrderView,
  RefundBody,
  TicketView,
  TransferBody,
} from '../api/types.js';
import { failed, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import {
  afterHolderReads,
  holdersToRetry,
  readHolders,
  readingAgain,
  type HolderRetry,
} from '../lib/holder-reads.js';
import { mergeNewest, noFilters, ordersQuery, ordersTimeZone, type OrderFilters } from '../lib/order-list.js';
import { useEvents } from './events-store.js';
import { useSettings } from './settings-store.js';
import { searchIntent, type SearchIntent } from '../lib/ticket-search.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { requireClient } from './session-store.js';

interface OrdersState {
  query: string;
  filters: OrderFilters;
  intent: SearchIntent;
  results: Loadable<OrderView[]>;
  nextCursor: string | null;
  detail: Loadable<OrderView>;
  attendees: Record<string, AttendeeView>;
  /**
   * The order whose holders have been read (found or not). Its tickets are shown from then on:
   * a holder arriving later widened the table and wrapped Edit name… into Void…'s place.
   */
  holdersReadFor: string | null;
  /**
   * Tickets of the shown order whose holder's read failed (the server or the network failed that
   * one read), by ticket id: their row says so and offers Try again instead of a name.
   */
  holderRetries: Record<string, HolderRetry>;
  /** Reads again the holders of the shown order that could not be read, and only those. */
  retryHolders(): Promise<void>;
  setQuery(query: string): void;
  /** Changes the filters and loads the list again with them. */
  setFilters(filters: Partial<OrderFilters>): Promise<void>;
  /**
   * Brings in what other tills sold or refunded since the list was loaded (the newest page,
   * folded in on top), so the screen stays live without a reload.
   */
  poll(): Promise<void>;
  /** Searches the server (q = name, email, order id or ticket id; a pasted QR token becomes its ticket id). */
  search(query?: string): Promise<OrderView[]>;
  loadMore(): Promise<void>;
  openOrder(id: string): Promise<void>;
  /** Writes throw ApiRequestError for the dialog; on success the order is fetched again. */
  refund(orderId: string, body: RefundBody): Promise<OrderView>;
  /** Answers the voided ticket and its order as it is after the void (refund, other tickets). */
  voidTicket(ticket: TicketView, refund: boolean): Promise<{ ticket: TicketView; order: OrderView }>;
  transfer(ticket: TicketView, body: TransferBody): Promise<TicketView>;
  /**
   * Tells the server a ticket's slip is printed again (it records the print: a walk-in handed one
   * after a postponement is up to date again) and answers the ticket with the pass to print.
   */
  reprint(ticketId: string): Promise<TicketView>;
  /**
   * Reads a ticket's holder as the server has them now (another till may have put the name right
   * since the order was opened), and shows that in the order's table too. Throws when it cannot.
   */
  readHolder(ticket: Pick<TicketView, 'id' | 'attendee_id'>): Promise<AttendeeView>;
  /** Corrects a ticket holder's name or email (a typo noticed after the sale). */
  updateHolder(attendeeId: string, patch: AttendeePatch): Promise<AttendeeView>;
  /** Corrects the order's buyer (a typo at the till); holders filled in from the buyer follow. */
  correctBuyer(orderId: string, buyer: BuyerPatch): Promise<OrderView>;
}

export const useOrders = create<OrdersState>()((set, get) => {
  const page = async (q: string, cursor?: string, limit = 50) =>
    unwrap(
      requireClient().GET('/v2/orders', {
        // Newest first: at the till the sale just made is the one looked for.
        params: {
          query: {
            limit,
            order: 'newest_first',
            // The day on the venue's clock, as the list shows its times.
            ...ordersQuery(
              get().filters,
              q,
              ordersTimeZone(
                useSettings.getState().settings.data?.venue_timezone,
                useEvents.getState().events.data ?? [],
              ),
            ),
            ...(cursor ? { cursor } : {}),
          },
        },
      }),
    );
  const searchText = () => {
    const intent = get().intent;
    return intent.kind === 'empty' ? '' : intent.q;
  };

  const putOrder = (order: OrderView) => {
    const results = get().results;
    const inResults = results.data?.some((o) => o.id === order.id);
    set({
      detail: ready(order),
      ...(inResults && results.data ? { results: ready(upsertById(results.data, order)) } : {}),
    });
    return order;
  };

  /** Reads the holders of `tickets` of `order`, however many, a few at a time. */
  const readOrderHolders = async (order: OrderView, tickets: readonly TicketView[]) => {
    const client = requireClient();
    const { found, failed: unread } = await readHolders(tickets, (id) =>
      unwrap(client.GET('/v2/attendees/{id}', { params: { path: { id } } })),
    );
    const attendees = { ...get().attendees };
    for (const a of found) attendees[a.ticket_id] = a;
    const holderRetries = afterHolderReads(
      get().holderRetries,
      tickets.map((t) => t.id),
      unread,
    );
    // Another order opened meanwhile owns the tickets table: only its own reads show it.
    const stillShown = get().detail.data?.id === order.id;
    set({ attendees, holderRetries, ...(stillShown ? { holdersReadFor: order.id } : {}) });
  };

  const loadAttendees = (order: OrderView) => readOrderHolders(order, order.tickets);

  const reload = async (orderId: string) => {
    const order = await unwrap(requireClient().GET('/v2/orders/{id}', { params: { path: { id: orderId } } }));
    putOrder(order);
    void loadAttendees(order);
    return order;
  };

  return {
    query: '',
    filters: noFilters,
    intent: { kind: 'empty' },
    results: idle(),
    nextCursor: null,
    detail: idle(),
    attendees: {},
    holdersReadFor: null,
    holderRetries: {},

    async retryHolders() {
      const { detail, holderRetries } = get();
      const order = detail.data;
      if (!order) return;
      const again = holdersToRetry(
        holderRetries,
        order.tickets.map((t) => t.id),
      );
      if (again.length === 0) return;
      set({ holderRetries: readingAgain(holderRetries, again) });
      await readOrderHolders(
        order,
        order.tickets.filter((t) => again.includes(t.id)),
      );
    },

    setQuery: (query) => set({ query, intent: searchIntent(query) }),

    async setFilters(change) {
      set({ filters: { ...get().filters, ...change } });
      await get().search();
    },

    async poll() {
      const shown = get().results;
      if (shown.state !== 'ready') return;
      try {
        const latest = await page(searchText(), undefined, 20);
        // A search or filter change while this was on its way owns the list now.
        if (get().results !== shown) return;
        const merged = mergeNewest(shown.data, latest.data);
        if (merged.gap) await get().search();
        else if (merged.changed) set({ results: ready(merged.list) });
      } catch {
        // A missed poll is retried on the next tick; the offline banner speaks for the network.
      }
    },

    async search(query = get().query) {
      const intent = searchIntent(query);
      set({ query, intent, results: loading(get().results), nextCursor: null });
      try {
        const q = intent.kind === 'empty' ? '' : intent.q;
        const result = await page(q);
        set({ results: ready(result.data), nextCursor: result.has_more ? result.next_cursor : null });
        return result.data;
      } catch (err) {
        set({ results: failed(messageOf(err)) });
        return [];
      }
    },

    async loadMore() {
      const { nextCursor, results } = get();
      if (!nextCursor) return;
      try {
        const result = await page(searchText(), nextCursor);
        set({
          results: ready([...(results.data ?? []), ...result.data]),
          nextCursor: result.has_more ? result.next_cursor : null,
        });
      } catch (err) {
        set({ results: failed(messageOf(err), results) });
      }
    },

    async openOrder(id) {
      const previous = get().detail;
      set(
        previous.data?.id === id
          ? { detail: loading(previous) }
          : // Another order's tickets: their table is laid out afresh, holders read or not.
            { detail: loading(), holderRetries: {} },
      );
      try {
        await reload(id);
      } catch (err) {
        set({ detail: failed(messageOf(err)) });
      }
    },

    async refund(orderId, body) {
      const order = await unwrap(
        requireClient().POST('/v2/orders/{id}/refund', { params: { path: { id: orderId } }, body }),
      );
      putOrder(order);
      return order;
    },

    async voidTicket(ticket, refund) {
      const voided = await unwrap(
        requireClient().POST('/v2/tickets/{id}/void', {
          params: { path: { id: ticket.id } },
          body: { refund },
        }),
      );
      const order = await reload(ticket.order_id);
      return { ticket: voided, order };
    },

    async transfer(ticket, body) {
      const fresh = await unwrap(
        requireClient().POST('/v2/tickets/{id}/transfer', { params: { path: { id: ticket.id } }, body }),
      );
      await reload(ticket.order_id);
      return fresh;
    },

    async reprint(ticketId) {
      return unwrap(
        requireClient().POST('/v2/tickets/{id}/reprint', {
          params: { path: { id: ticketId } },
          // A retried request after a dropped answer records one print, not two.
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        }),
      );
    },

    async readHolder(ticket) {
      const attendee = await unwrap(
        requireClient().GET('/v2/attendees/{id}', { params: { path: { id: ticket.attendee_id } } }),
      );
      const { [ticket.id]: _, ...stillToRetry } = get().holderRetries;
      set({ attendees: { ...get().attendees, [ticket.id]: attendee }, holderRetries: stillToRetry });
      return attendee;
    },

    async updateHolder(attendeeId, patch) {
      const attendee = await unwrap(
        requireClient().PATCH('/v2/attendees/{id}', { params: { path: { id: attendeeId } }, body: patch }),
      );
      set({ attendees: { ...get().attendees, [attendee.ticket_id]: attendee } });
      return attendee;
    },

    async correctBuyer(orderId, buyer) {
      const order = putOrder(
        await unwrap(
          requireClient().PATCH('/v2/orders/{id}', { params: { path: { id: orderId } }, body: { buyer } }),
        ),
      );
      // The holders who carried the old name or email changed with it: read them again.
      await loadAttendees(order);
      return order;
    },
  };
});
