import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { BackupView } from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

/** Settings › Backup: the backups in the backup folder and the one being saved now. */
interface BackupState {
  /** Every backup in the folder, oldest first (as the server lists them). */
  backups: Loadable<BackupView[]>;
  /** True while a backup is being saved: the button waits, the till keeps selling. */
  saving: boolean;
  loadBackups(): Promise<void>;
  /** Saves a backup now; throws ApiRequestError with the server's words. */
  saveBackup(): Promise<BackupView>;
}

export const useBackups = create<BackupState>((set, get) => ({
  backups: idle(),
  saving: false,

  async loadBackups() {
    set({ backups: loading(get().backups) });
    try {
      const client = requireClient();
      const all = await fetchAllPages((cursor) =>
        unwrap(
          client.GET('/v2/backups', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
        ),
      );
      set({ backups: ready(all) });
    } catch (err) {
      set({ backups: failed(messageOf(err), get().backups) });
    }
  },

  async saveBackup() {
    set({ saving: true });
    try {
      const made = await unwrap(requireClient().POST('/v2/backups', { body: {} }));
      void get().loadBackups();
      return made;
    } finally {
      set({ saving: false });
    }
  },
}));
