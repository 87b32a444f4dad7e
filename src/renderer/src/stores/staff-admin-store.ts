import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { StaffCreate, StaffPatch, StaffView } from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';
import { useStaff } from './staff-store.js';

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

    async update(id, patch) {
      const member = put(
        await unwrap(requireClient().PATCH('/v2/staff/{id}', { params: { path: { id } }, body: patch })),
      );
      if (patch.pin !== undefined)
        await endOwnSession(member, `${member.name}'s PIN was changed: sign in with the new one.`);
      else if (patch.active === false) await endOwnSession(member, deactivatedWords(member));
      return member;
    },

    async deactivate(id) {
      const member = put(
        await unwrap(requireClient().DELETE('/v2/staff/{id}', { params: { path: { id } } })),
      );
      await endOwnSession(member, deactivatedWords(member));
      return member;
    },
  };
});

const deactivatedWords = (member: StaffView) =>
  `${member.name} has been deactivated, so their sign-in here has ended.`;

/**
 * A manager who reset their own PIN or deactivated themselves here is signed out by the server
 * (docs/api.md "Staff"): the desk says so now rather than at its next change, and asks the
 * server again whether this key needs anyone signed in (an admin key does not).
 */
async function endOwnSession(member: StaffView, words: string): Promise<void> {
  const staff = useStaff.getState();
  if (staff.session?.staff.id !== member.id) return;
  await staff.signOut('ended', words);
  await staff.probe();
}
