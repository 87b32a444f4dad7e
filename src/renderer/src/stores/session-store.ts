import { create } from 'zustand';
import { ApiRequestError } from '../api/api-error.js';
import { makeClient, type MarqueeClient } from '../api/client.js';
import { classifyKey, keyShapeProblem, type Role } from '../lib/key-probe.js';
import { pairKiosk } from '../lib/kiosk-pairing.js';
import { readHealth, type StorageState } from '../lib/server-health.js';

export type Connection = 'unknown' | 'online' | 'offline';
/**
 * Where the key came from: the desktop bridge, a sign-in form, or the kiosk's sign-in (`kiosk`),
 * where a staff key is a slip on a customer's screen: it is never kept in the tab and opens no
 * staff screen (platform.ts, app.tsx).
 */
export type KeySource = 'bridge' | 'login' | 'kiosk';

interface SessionState {
  baseUrl: string;
  apiKey: string | null;
  source: KeySource | null;
  role: Role | null;
  status: 'signed_out' | 'checking' | 'signed_in';
  loginError: string | null;
  /** True while a key this tab saved before a reload is checked: the tab says it is connecting, not "sign in". */
  resuming: boolean;
  connection: Connection;
  /** When the server was first missed in the current outage (ms), for the banner. */
  offlineSince: number | null;
  /** `full` while the venue server's disk is full (a degraded health answer, or any 507). */
  storage: StorageState;
  /** When this till first saw the disk full (ms), for the banner. */
  storageFullSince: number | null;
  /** The server's sentence while it holds webhooks and mail (another copy of its data runs), else null. */
  outboundHeld: string | null;
  /** The server's sentence while its data file is gone from under it (health storage `moved`). */
  storeMoved: string | null;
  client: MarqueeClient | null;
  setBaseUrl(url: string): void;
  signIn(key: string, source: KeySource): Promise<boolean>;
  /** Signs in again with the key this tab kept (a reload), as signIn does. */
  resume(key: string): Promise<boolean>;
  /** A kiosk pairing code traded for the kiosk's own key, then signed in with it. */
  pairKiosk(code: string, name: string): Promise<boolean>;
  signOut(): void;
  markReachable(): void;
  markUnreachable(): void;
  markStorage(storage: StorageState): void;
  /** One GET /v2/health (no key, not metered); the offline banner polls it. */
  checkHealth(timeoutMs?: number): Promise<void>;
}

/**
 * Who is signed in at this till and whether the venue server can be reached. No DOM here: where
 * the key comes from (the desktop bridge or session storage) is platform.ts's business.
 */
export const useSession = create<SessionState>()((set, get) => {
  const hooks = {
    onReachable: () => get().markReachable(),
    onUnreachable: () => get().markUnreachable(),
    onStorageFull: () => get().markStorage('full'),
  };
  return {
    baseUrl: '',
    apiKey: null,
    source: null,
    role: null,
    status: 'signed_out',
    loginError: null,
    resuming: false,
    connection: 'unknown',
    offlineSince: null,
    storage: 'ok',
    storageFullSince: null,
    outboundHeld: null,
    storeMoved: null,
    client: null,

    setBaseUrl: (baseUrl) => set({ baseUrl }),

    async signIn(rawKey, source) {
      const key = rawKey.trim();
      const shape = keyShapeProblem(key);
      if (shape) {
        set({ loginError: shape, status: 'signed_out' });
        return false;
      }
      set({ status: 'checking', loginError: null });
      const client = makeClient(get().baseUrl, key, hooks);
      try {
        const keys = await client.GET('/v2/api_keys');
        const settings = keys.response.status === 403 ? await client.GET('/v2/settings') : null;
        const events =
          settings?.response.status === 403
            ? await client.GET('/v2/events', { params: { query: { limit: 1 } } })
            : null;
        const probe = classifyKey(
          keys.response.status,
          settings?.response.status ?? null,
          events?.response.status ?? null,
        );
        if (!probe.ok) {
          set({ status: 'signed_out', loginError: probe.message });
          return false;
        }
        set({ apiKey: key, source, role: probe.role, client, status: 'signed_in', loginError: null });
        return true;
      } catch (err) {
        const message = err instanceof ApiRequestError ? err.message : 'Cannot reach the venue server.';
        set({ status: 'signed_out', loginError: message });
        return false;
      }
    },

    async resume(key) {
      set({ resuming: true });
      try {
        return await get().signIn(key, 'login');
      } finally {
        set({ resuming: false });
      }
    },

    async pairKiosk(code, name) {
      set({ status: 'checking', loginError: null });
      let secret: string;
      try {
        secret = await pairKiosk(get().baseUrl, code, name);
      } catch (err) {
        set({ status: 'signed_out', loginError: err instanceof Error ? err.message : String(err) });
        return false;
      }
      return get().signIn(secret, 'login');
    },

    signOut: () =>
      set({
        apiKey: null,
        source: null,
        role: null,
        client: null,
        status: 'signed_out',
        loginError: null,
      }),

    markReachable: () => {
      if (get().connection !== 'online') set({ connection: 'online', offlineSince: null });
    },
    markUnreachable: () => {
      if (get().connection !== 'offline') set({ connection: 'offline', offlineSince: Date.now() });
    },
    markStorage: (storage) => {
      if (get().storage === storage) return;
      set({ storage, storageFullSince: storage === 'full' ? Date.now() : null });
    },

    async checkHealth(timeoutMs = 3000) {
      try {
        // The health answer is never cached by the server, so a plain GET always reaches it.
        const res = await fetch(`${get().baseUrl.replace(/\/+$/, '')}/v2/health`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body: unknown = res.ok ? await res.json().catch(() => null) : null;
        const health = readHealth(res.status, body);
        if (!health.reachable) {
          get().markUnreachable();
          return;
        }
        get().markReachable();
        get().markStorage(health.storage);
        if (get().outboundHeld !== health.outboundHeld) set({ outboundHeld: health.outboundHeld });
        if (get().storeMoved !== health.storeMoved) set({ storeMoved: health.storeMoved });
      } catch {
        get().markUnreachable();
      }
    },
  };
});

/** The signed-in client; screens only render behind the login gate, so this is always set there. */
export function requireClient(): MarqueeClient {
  const client = useSession.getState().client;
  if (!client) throw new ApiRequestError(401, 'signed_out', 'Sign in with an API key first.');
  return client;
}
