import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { AuditEventView } from '../api/types.js';
import type { ActorNames } from '../lib/audit-words.js';
import { failed, fetchAllPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

export interface AuditFilters {
  /** A staff member, API key or device id; empty for everyone. */
  actor: string;
  objectId: string;
  /** ISO time, or empty for the whole trail. */
  since: string;
}

interface AuditState {
  events: Loadable<AuditEventView[]>;
  /** Each order's history, by order id, for the order detail. */
  byObject: Record<string, Loadable<AuditEventView[]>>;
  names: ActorNames;
  search(filters: AuditFilters): Promise<void>;
  loadObject(objectId: string): Promise<void>;
  /** Staff, keys and devices by id, to write "Anna" rather than stf_…. */
  loadNames(): Promise<void>;
}

/** Pages of 100 read at most: the screen shows the latest 2,000 changes (filters narrow it). */
export const auditPages = 20;

const noNames: ActorNames = { staff: {}, keys: {}, devices: {} };

/**
 * The latest changes first, as people read them: asked newest first, so the 2,000 shown are the
 * newest 2,000 (read oldest first and reversed, a long trail showed its oldest and lost tonight's).
 */
async function fetchAudit(query: { object_id?: string; actor?: string; since?: string }) {
  const client = requireClient();
  return fetchAllPages(
    (cursor) =>
      unwrap(
        client.GET('/v2/audit_events', {
          params: {
            query: { ...query, order: 'newest_first', limit: 100, ...(cursor ? { cursor } : {}) },
          },
        }),
      ),
    auditPages,
  );
}

const byId = (list: readonly { id: string; name: string }[]) =>
  Object.fromEntries(list.map((item) => [item.id, item.name]));

/** The audit trail (admin key): who did what, when, filtered by person, object and time. */
export const useAudit = create<AuditState>()((set, get) => ({
  events: idle(),
  byObject: {},
  names: noNames,

  async search(filters) {
    set({ events: loading(get().events) });
    try {
      const events = await fetchAudit({
        ...(filters.actor ? { actor: filters.actor } : {}),
        ...(filters.objectId.trim() ? { object_id: filters.objectId.trim() } : {}),
        ...(filters.since ? { since: filters.since } : {}),
      });
      set({ events: ready(events) });
    } catch (err) {
      set({ events: failed(messageOf(err), get().events) });
    }
  },

  async loadObject(objectId) {
    const previous = get().byObject[objectId];
    set({ byObject: { ...get().byObject, [objectId]: loading(previous) } });
    try {
      const events = await fetchAudit({ object_id: objectId });
      set({ byObject: { ...get().byObject, [objectId]: ready(events) } });
    } catch (err) {
      set({ byObject: { ...get().byObject, [objectId]: failed(messageOf(err), previous) } });
    }
  },

  async loadNames() {
    const client = requireClient();
    const page = <T>(
      call: (
        cursor: string | undefined,
      ) => Promise<{ data: T[]; has_more: boolean; next_cursor: string | null }>,
    ) => fetchAllPages(call, 10).catch(() => [] as T[]);
    const [staff, keys, devices] = await Promise.all([
      page((cursor) =>
        unwrap(client.GET('/v2/staff', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
      ),
      page((cursor) =>
        unwrap(
          client.GET('/v2/api_keys', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
        ),
      ),
      page((cursor) =>
        unwrap(
          client.GET('/v2/devices', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
        ),
      ),
    ]);
    set({ names: { staff: byId(staff), keys: byId(keys), devices: byId(devices) } });
  },
}));
