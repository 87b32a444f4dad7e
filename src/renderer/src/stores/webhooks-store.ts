import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type {
  DeliveryStatus,
  WebhookDeliveryView,
  WebhookEndpointCreate,
  WebhookEndpointPatch,
  WebhookEndpointView,
  WebhookStatusView,
} from '../api/webhook-types.js';
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

/** A secret the server answered once (create or rotate); shown until dismissed, never again. */
export interface RevealedSecret {
  endpointId: string;
  url: string;
  secret: string;
  why: 'created' | 'rotated';
}

export type DeliveryFilter = 'all' | DeliveryStatus;

/** The delivery log shows the newest attempts first: what just happened is what staff look for. */
const deliveryPage = 50;

interface WebhooksState {
  status: Loadable<WebhookStatusView>;
  /** When the status was last read successfully (ms). */
  statusAt: number | null;
  endpoints: Loadable<WebhookEndpointView[]>;
  selectedId: string | null;
  filter: DeliveryFilter;
  deliveries: Loadable<WebhookDeliveryView[]>;
  secret: RevealedSecret | null;
  /** One round of polling: the status, the open delivery log, and the endpoints when they changed. */
  poll(): Promise<void>;
  loadEndpoints(): Promise<void>;
  loadDeliveries(): Promise<void>;
  select(id: string | null): void;
  setFilter(filter: DeliveryFilter): void;
  dismissSecret(): void;
  /** Writes throw ApiRequestError so dialogs can show the server's message on the right field. */
  createEndpoint(body: WebhookEndpointCreate): Promise<WebhookEndpointView>;
  updateEndpoint(id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpointView>;
  deleteEndpoint(id: string): Promise<void>;
  rotateSecret(id: string): Promise<void>;
  retryDelivery(id: string): Promise<WebhookDeliveryView>;
  retryFailed(endpointId: string): Promise<number>;
}

/** Whether the status names endpoints (or states) the list does not have: then the list is re-read. */
function listIsStale(status: WebhookStatusView, list: readonly WebhookEndpointView[] | null): boolean {
  if (!list) return true;
  if (status.endpoints.length !== list.length) return true;
  return status.endpoints.some((e) => list.find((l) => l.id === e.id)?.status !== e.status);
}

export const useWebhooks = create<WebhooksState>()((set, get) => {
  let deliveriesRun = 0;

  return {
    status: idle(),
    statusAt: null,
    endpoints: idle(),
    selectedId: null,
    filter: 'all',
    deliveries: idle(),
    secret: null,

    async poll() {
      try {
        const status = await unwrap(requireClient().GET('/v2/webhooks/status'));
        set({ status: ready(status), statusAt: Date.now() });
        // A 410 disables an endpoint behind our back; a new one may come from another till.
        if (listIsStale(status, get().endpoints.data)) await get().loadEndpoints();
      } catch (err) {
        set({ status: failed(messageOf(err), get().status) });
      }
      if (get().selectedId) await get().loadDeliveries();
    },

    async loadEndpoints() {
      set({ endpoints: loading(get().endpoints) });
      try {
        const client = requireClient();
        const all = await fetchAllPages((cursor) =>
          unwrap(
            client.GET('/v2/webhook_endpoints', {
              params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
            }),
          ),
        );
        set({ endpoints: ready(all) });
        const selected = get().selectedId;
        if (selected && !all.some((e) => e.id === selected)) set({ selectedId: null, deliveries: idle() });
      } catch (err) {
        set({ endpoints: failed(messageOf(err), get().endpoints) });
      }
    },

    async loadDeliveries() {
      const id = get().selectedId;
      if (!id) return;
      const run = ++deliveriesRun;
      const filter = get().filter;
      set({ deliveries: loading(get().deliveries) });
      try {
        const page = await unwrap(
          requireClient().GET('/v2/webhook_endpoints/{id}/deliveries', {
            params: {
              path: { id },
              query: {
                limit: deliveryPage,
                order: 'newest',
                ...(filter === 'all' ? {} : { status: filter }),
              },
            },
          }),
        );
        if (run === deliveriesRun) set({ deliveries: ready(page.data) });
      } catch (err) {
        if (run === deliveriesRun) set({ deliveries: failed(messageOf(err), get().deliveries) });
      }
    },

    select(id) {
      if (id === get().selectedId) return;
      set({ selectedId: id, deliveries: idle() });
      if (id) void get().loadDeliveries();
    },

    setFilter(filter) {
      set({ filter, deliveries: idle() });
      void get().loadDeliveries();
    },

    dismissSecret: () => set({ secret: null }),

    async createEndpoint(body) {
      const created = await unwrap(requireClient().POST('/v2/webhook_endpoints', { body }));
      const { secret, ...endpoint } = created;
      set({
        endpoints: ready(upsertById(get().endpoints.data ?? [], endpoint)),
        secret: { endpointId: endpoint.id, url: endpoint.url, secret, why: 'created' },
      });
      void get().poll();
      return endpoint;
    },

    async updateEndpoint(id, patch) {
      const endpoint = await unwrap(
        requireClient().PATCH('/v2/webhook_endpoints/{id}', { params: { path: { id } }, body: patch }),
      );
      set({ endpoints: ready(upsertById(get().endpoints.data ?? [], endpoint)) });
      void get().poll();
      return endpoint;
    },

    async deleteEndpoint(id) {
      await unwrap(requireClient().DELETE('/v2/webhook_endpoints/{id}', { params: { path: { id } } }));
      set({ endpoints: ready(removeById(get().endpoints.data ?? [], id)) });
      if (get().selectedId === id) set({ selectedId: null, deliveries: idle() });
      if (get().secret?.endpointId === id) set({ secret: null });
      void get().poll();
    },

    async rotateSecret(id) {
      const rotated = await unwrap(
        requireClient().POST('/v2/webhook_endpoints/{id}/rotate_secret', { params: { path: { id } } }),
      );
      set({ secret: { endpointId: rotated.id, url: rotated.url, secret: rotated.secret, why: 'rotated' } });
    },

    async retryDelivery(id) {
      const delivery = await unwrap(
        requireClient().POST('/v2/webhook_deliveries/{id}/retry', { params: { path: { id } } }),
      );
      const list = get().deliveries.data;
      if (list) set({ deliveries: ready(upsertById(list, delivery)) });
      void get().poll();
      return delivery;
    },

    async retryFailed(endpointId) {
      const result = await unwrap(
        requireClient().POST('/v2/webhook_endpoints/{id}/retry_failed', {
          params: { path: { id: endpointId } },
        }),
      );
      void get().poll();
      return result.retried;
    },
  };
});
