import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { StaffCreate, StaffPatch, StaffView } from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface StaffAdminState {
  /** Every member, active and deactivated (Settings shows both; the audit names both). */
  members: Loadable<StaffView[]>;
  load(): Promise<void>;
  /** Writes throw ApiRequestError for the forms. */
  create(body: StaffCreate): Promise<StaffView>;
  update(id: string, patch: StaffPatch): Promise<StaffView>;
  deactivate(id: string): Promise<StaffView>;
}

/** Staff members as Settings manages them (admin key). */
export const useStaffAdmin = create<StaffAdminState>()((set, get) => {
  const put = (member: StaffView) => {
    set({ members: ready(upsertById(get().members.data ?? [], member)) });
    return member;
  };
  return {
    members: idle(),

    async load() {
      set({ members: loading(get().members) });
      try {
        const client = requireClient();
        const all = await fetchAllPages((cursor) =>
          unwrap(
            client.GET('/v2/staff', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
          ),
        );
        set({ members: ready(all) });
      } catch (err) {
        set({ members: failed(messageOf(err), get().members) });
      }
    },

    create: async (body) => put(await unwrap(requireClient().POST('/v2/staff', { body }))),

    update: async (id, patch) =>
      put(await unwrap(requireClient().PATCH('/v2/staff/{id}', { params: { path: { id } }, body: patch }))),

    deactivate: async (id) =>
      put(await unwrap(requireClient().DELETE('/v2/staff/{id}', { params: { path: { id } } }))),
  };
});
