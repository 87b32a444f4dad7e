import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type {
  ApiKeyView,
  KeyScope,
  NewApiKey,
  PairingBody,
  PairingView,
  SettingsView,
} from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, upsertById, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface SettingsState {
  settings: Loadable<SettingsView>;
  keys: Loadable<ApiKeyView[]>;
  /** The key just created: its secret is shown once, until dismissed. */
  createdKey: NewApiKey | null;
  pairing: PairingView | null;
  loadSettings(): Promise<void>;
  loadKeys(): Promise<void>;
  /** Writes throw ApiRequestError for the forms. */
  saveVenueName(name: string): Promise<SettingsView>;
  createKey(name: string, scope: KeyScope): Promise<NewApiKey>;
  revokeKey(id: string): Promise<ApiKeyView>;
  dismissSecret(): void;
  startPairing(body: PairingBody): Promise<PairingView>;
  clearPairing(): void;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: idle(),
  keys: idle(),
  createdKey: null,
  pairing: null,

  async loadSettings() {
    set({ settings: loading(get().settings) });
    try {
      set({ settings: ready(await unwrap(requireClient().GET('/v2/settings'))) });
    } catch (err) {
      set({ settings: failed(messageOf(err), get().settings) });
    }
  },

  async loadKeys() {
    set({ keys: loading(get().keys) });
    try {
      const client = requireClient();
      const all = await fetchAllPages((cursor) =>
        unwrap(
          client.GET('/v2/api_keys', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
        ),
      );
      set({ keys: ready(all) });
    } catch (err) {
      set({ keys: failed(messageOf(err), get().keys) });
    }
  },

  async saveVenueName(name) {
    const settings = await unwrap(requireClient().PATCH('/v2/settings', { body: { venue_name: name } }));
    set({ settings: ready(settings) });
    return settings;
  },

  async createKey(name, scope) {
    const created = await unwrap(requireClient().POST('/v2/api_keys', { body: { name, scope } }));
    const { secret: _secret, ...view } = created;
    set({ createdKey: created, keys: ready(upsertById(get().keys.data ?? [], view)) });
    return created;
  },

  async revokeKey(id) {
    const revoked = await unwrap(requireClient().DELETE('/v2/api_keys/{id}', { params: { path: { id } } }));
    set({ keys: ready(upsertById(get().keys.data ?? [], revoked)) });
    return revoked;
  },

  dismissSecret: () => set({ createdKey: null }),

  async startPairing(body) {
    const pairing = await unwrap(requireClient().POST('/v2/devices/pairing', { body }));
    set({ pairing });
    return pairing;
  },

  clearPairing: () => set({ pairing: null }),
}));
