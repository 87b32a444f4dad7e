import { useSession } from './stores/session-store.js';

const storageKey = 'marquee.apiKey';
/** Set for a tab that signed in at /kiosk: it stays a kiosk (session-store.ts `kiosk`). */
const kioskStorageKey = 'marquee.kiosk';

/**
 * Where this till's key comes from: in the desktop app the bridge hands over its own server's
 * key; in a browser the seller pastes one, kept in sessionStorage (gone when the tab closes).
 */
export async function bootSession(): Promise<void> {
  const bridge = window.marquee;
  const session = useSession.getState();
  session.setBaseUrl(bridge?.apiBaseUrl || window.location.origin);
  if (bridge?.apiKey) {
    await session.signIn(bridge.apiKey, 'bridge');
    return;
  }
  const stored = window.sessionStorage.getItem(storageKey);
  if (stored) {
    if (window.sessionStorage.getItem(kioskStorageKey)) session.setKiosk(true);
    await session.signIn(stored, 'login');
  }
}

/** Mirrors a pasted key into sessionStorage; the bridge's key is never written anywhere. */
export function persistSession(): () => void {
  return useSession.subscribe((state, previous) => {
    if (state.apiKey === previous.apiKey && state.source === previous.source) return;
    if (state.apiKey && state.source === 'login') {
      window.sessionStorage.setItem(storageKey, state.apiKey);
      // Signed in on the kiosk screen: this tab is a kiosk from now on.
      if (!previous.apiKey && window.location.pathname.startsWith('/kiosk')) {
        window.sessionStorage.setItem(kioskStorageKey, '1');
        useSession.getState().setKiosk(true);
      }
    } else if (!state.apiKey) {
      window.sessionStorage.removeItem(storageKey);
      window.sessionStorage.removeItem(kioskStorageKey);
    }
  });
}

export const inDesktopApp = (): boolean => window.marquee !== undefined;
