import { useSession } from './stores/session-store.js';

const storageKey = 'marquee.apiKey';

/**
 * Where this till's key comes from: in the desktop app the bridge hands over its own server's
 * key; in a browser the seller pastes one, kept in sessionStorage (gone when the tab closes). A
 * kiosk key keeps its tab on the kiosk screen (app.tsx), whatever address is typed.
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
  if (stored) await session.signIn(stored, 'login');
}

/** Mirrors a pasted key into sessionStorage; the bridge's key is never written anywhere. */
export function persistSession(): () => void {
  return useSession.subscribe((state, previous) => {
    if (state.apiKey === previous.apiKey && state.source === previous.source) return;
    if (state.apiKey && state.source === 'login') window.sessionStorage.setItem(storageKey, state.apiKey);
    else if (!state.apiKey) window.sessionStorage.removeItem(storageKey);
  });
}

export const inDesktopApp = (): boolean => window.marquee !== undefined;
