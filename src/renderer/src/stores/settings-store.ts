import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type {
  ApiKeyView,
  KeyScope,
  MailView,
  NewApiKey,
  PairingBody,
  PairingView,
  SettingsView,
} from '../api/types.js';
import { deviceFromPairing } from '../lib/pairing-use.js';
import { mapLimited } from '../lib/limited-map.js';
import { ordersToAsk, sentLaterTo } from '../lib/mail-state.js';
import {
  failed,
  fetchAllPages,
  fetchPages,
  idle,
  loading,
  ready,
  upsertById,
  type Loadable,
} from '../lib/loadable.js';
import { requireClient } from './session-store.js';

/** Pages of 100 read of each unsent status: a count up to a thousand, without reading a whole outage's outbox. */
const mailPagesRead = 10;
/** Orders read at once for the "sent later" notes: a few, so the till's own requests are not kept waiting. */
const orderMailReadsAtOnce = 4;

/** Orders whose mail has been asked for since the outbox was last read; each is asked for once. */
let ordersAsked = new Set<string>();
/** Counts outbox reads, so notes about an outbox read before the last one are dropped. */
let mailReads = 0;

interface SettingsState {
  settings: Loadable<SettingsView>;
  keys: Loadable<ApiKeyView[]>;
  /** The key just created: its secret is shown once, until dismissed. */
  createdKey: NewApiKey | null;
  pairing: PairingView | null;
  /** When the code on show arrived, on this browser's clock (its countdown runs from there). */
  pairingReceivedAt: number | null;
  /** Mail not sent yet: waiting (pending) or given up (failed), oldest first. */
  mail: Loadable<MailView[]>;
  /** True when more mail waits than the panel reads at once (mailPagesRead pages of each status). */
  mailBeyond: boolean;
  /** Failed order mails whose tickets went out later to another address: that address, by mail id. */
  mailSentLater: Record<string, string>;
  loadSettings(): Promise<void>;
  loadMail(): Promise<void>;
  /**
   * Reads, a few at a time and each once, the orders of the failed order mails the panel lists, for
   * mailSentLater. Only what is listed: the outbox can hold a thousand failed mails.
   */
  loadMailSentLater(listed: readonly MailView[]): Promise<void>;
  /** Sends a waiting or failed mail again now; throws ApiRequestError. */
  retryMail(id: string): Promise<MailView>;
  /** The test mail sent from Settings › Mail, as last read; null before one is sent. */
  testMail: MailView | null;
  /** Queues a test mail to `to`; throws ApiRequestError (409 when no mail server is set up). */
  sendTestMail(to: string): Promise<MailView>;
  /** Reads the test mail again (polled by the panel while it waits). */
  checkTestMail(): Promise<void>;
  loadKeys(): Promise<void>;
  /** Writes throw ApiRequestError for the forms. */
  saveVenueName(name: string): Promise<SettingsView>;
  /** Sets (or with null removes) the PIN that approves card payments on kiosks; stored hashed. */
  saveAttendantPin(pin: string | null): Promise<SettingsView>;
  /** Minutes without use after which a till signs its staff member out. */
  saveStaffIdleMinutes(minutes: number): Promise<SettingsView>;
  /** The venue's clock (an IANA zone): new events start in it, the cash-up screens count by it. */
  saveVenueTimeZone(zone: string): Promise<SettingsView>;
  /** The folder backups are saved in on the venue server's computer; null: the default one. */
  saveBackupFolder(folder: string | null): Promise<SettingsView>;
  saveAutoBackup(on: boolean): Promise<SettingsView>;
  createKey(name: string, scope: KeyScope): Promise<NewApiKey>;
  revokeKey(id: string): Promise<ApiKeyView>;
  dismissSecret(): void;
  startPairing(body: PairingBody): Promise<PairingView>;
  clearPairing(): void;
  /** The name of the device that used the code on show, once one has (polled by the panel). */
  pairedWith: string | null;
  checkPairingUsed(): Promise<void>;
}

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: idle(),
  keys: idle(),
  createdKey: null,
  pairing: null,
  pairingReceivedAt: null,
  pairedWith: null,
  mail: idle(),
  mailBeyond: false,
  mailSentLater: {},
  testMail: null,

  async sendTestMail(to) {
    const mail = await unwrap(requireClient().POST('/v2/mail/test', { body: { to } }));
    set({ testMail: mail });
    return mail;
  },

  async checkTestMail() {
    const sent = get().testMail;
    if (!sent) return;
    const mail = await unwrap(requireClient().GET('/v2/mail/{id}', { params: { path: { id: sent.id } } }));
    // A second test sent meanwhile wins: this answer is about the one before it.
    if (get().testMail?.id === mail.id) set({ testMail: mail });
  },

  async loadMail() {
    set({ mail: loading(get().mail) });
    try {
      const client = requireClient();
      const unsent = (status: 'pending' | 'failed') =>
        fetchPages(
          (cursor) =>
            unwrap(
              client.GET('/v2/mail', {
                params: { query: { status, limit: 100, ...(cursor ? { cursor } : {}) } },
              }),
            ),
          mailPagesRead,
        );
      const [failedRead, pendingRead] = await Promise.all([unsent('failed'), unsent('pending')]);
      const failedMail = failedRead.items;
      const pendingMail = pendingRead.items;
      const beyond = failedRead.stoppedShort || pendingRead.stoppedShort;
      // Read afresh: a failed mail's tickets may have gone out since. Notes already known stay (a sent mail stays sent).
      ordersAsked = new Set();
      mailReads += 1;
      set({ mail: ready([...failedMail, ...pendingMail]), mailBeyond: beyond });
    } catch (err) {
      set({ mail: failed(messageOf(err), get().mail) });
    }
  },

  async loadMailSentLater(listed) {
    const orders = ordersToAsk(listed, ordersAsked);
    if (orders.length === 0) return;
    orders.forEach((id) => ordersAsked.add(id));
    const read = mailReads;
    const client = requireClient();
    try {
      const orderMail = await mapLimited(
        orders,
        orderMailReadsAtOnce,
        async (id) => (await unwrap(client.GET('/v2/orders/{id}/mail', { params: { path: { id } } }))).data,
      );
      if (read !== mailReads) return;
      set({ mailSentLater: { ...get().mailSentLater, ...sentLaterTo(listed, orderMail.flat()) } });
    } catch {
      // Only a note is missing: the list itself is read. Asked again when the panel shows them again.
      if (read === mailReads) orders.forEach((id) => ordersAsked.delete(id));
    }
  },

  async retryMail(id) {
    const mail = await unwrap(requireClient().POST('/v2/mail/{id}/retry', { params: { path: { id } } }));
    const list = get().mail.data ?? [];
    set({ mail: ready(list.map((m) => (m.id === id ? mail : m))) });
    return mail;
  },

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

  async saveAttendantPin(pin) {
    const settings = await unwrap(
      requireClient().PATCH('/v2/settings', { body: { kiosk_attendant_pin: pin } }),
    );
    set({ settings: ready(settings) });
    return settings;
  },

  async saveBackupFolder(folder) {
    const settings = await unwrap(requireClient().PATCH('/v2/settings', { body: { backup_folder: folder } }));
    set({ settings: ready(settings) });
    return settings;
  },

  async saveAutoBackup(on) {
    const settings = await unwrap(requireClient().PATCH('/v2/settings', { body: { auto_backup: on } }));
    set({ settings: ready(settings) });
    return settings;
  },

  async saveStaffIdleMinutes(minutes) {
    const settings = await unwrap(
      requireClient().PATCH('/v2/settings', { body: { staff_idle_minutes: minutes } }),
    );
    set({ settings: ready(settings) });
    return settings;
  },

  async saveVenueTimeZone(zone) {
    const settings = await unwrap(requireClient().PATCH('/v2/settings', { body: { venue_timezone: zone } }));
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
    set({ pairing, pairingReceivedAt: Date.now(), pairedWith: null });
    return pairing;
  },

  clearPairing: () => set({ pairing: null, pairingReceivedAt: null, pairedWith: null }),

  async checkPairingUsed() {
    const pairing = get().pairing;
    if (!pairing || get().pairedWith) return;
    const client = requireClient();
    const devices = await fetchAllPages(
      (cursor) =>
        unwrap(
          client.GET('/v2/devices', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
        ),
      20,
    );
    const used = deviceFromPairing(pairing, devices);
    // Only for the code still on show: a new code may have replaced it while the list loaded.
    if (used && get().pairing === pairing) set({ pairedWith: used.name });
  },
}));
