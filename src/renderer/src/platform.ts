import { onStaffRefusal } from './api/staff-token.js';
import type { StaffSession } from './api/types.js';
import { useSession } from './stores/session-store.js';
import { useStaff } from './stores/staff-store.js';

const storageKey = 'marquee.apiKey';
/** The staff session (its token too) lives for the tab only, like the pasted key. */
const staffStorageKey = 'marquee.staffSession';

/**
 * Where this till's key comes from: in the desktop app the bridge hands over its own server's
 * key; in a browser the seller pastes one, kept in sessionStorage (gone when the tab closes). A
 * kiosk key keeps its tab on the kiosk screen (app.tsx), whatever address is typed.
 */
export async function bootSession(): Promise<void> {
  const bridge = window.marquee;
  const session = useSession.getState();
  session.setBaseUrl(bridge?.apiBaseUrl || window.location.origin);
  restoreStaff();
  if (bridge?.apiKey) {
    await session.signIn(bridge.apiKey, 'bridge');
    return;
  }
  const stored = window.sessionStorage.getItem(storageKey);
  if (stored) await session.resume(stored);
}

function restoreStaff(): void {
  const saved = window.sessionStorage.getItem(staffStorageKey);
  if (!saved) return;
  try {
    useStaff.getState().restore(JSON.parse(saved) as StaffSession);
  } catch {
    window.sessionStorage.removeItem(staffStorageKey);
  }
}

/**
 * Mirrors a pasted key and the staff session into sessionStorage; the bridge's key is never
 * written anywhere. A key signed out takes its staff session with it.
 */
export function persistSession(): () => void {
  const stopKey = useSession.subscribe((state, previous) => {
    if (state.apiKey === previous.apiKey && state.source === previous.source) return;
    // A staff key typed into the kiosk's sign-in is not kept: the next page load (a reload, an
    // address typed by whoever stands at the kiosk) finds no staff key in the tab.
    const kept = state.source === 'login' || (state.source === 'kiosk' && state.role === 'kiosk');
    if (state.apiKey && kept) window.sessionStorage.setItem(storageKey, state.apiKey);
    else if (state.apiKey && state.source === 'kiosk') window.sessionStorage.removeItem(storageKey);
    else if (!state.apiKey) window.sessionStorage.removeItem(storageKey);
    if (previous.apiKey && state.apiKey !== previous.apiKey) void useStaff.getState().signOut('expired');
  });
  const stopStaff = useStaff.subscribe((state, previous) => {
    if (state.session === previous.session) return;
    if (state.session) window.sessionStorage.setItem(staffStorageKey, JSON.stringify(state.session));
    else window.sessionStorage.removeItem(staffStorageKey);
  });
  // The server asked for a PIN: this till has staff, and a session it held has ended (the
  // keypad says why: deactivated, PIN reset, 12 hours). Or it refused a role: the member's role
  // may have changed since they signed in. Either way the server's word on this key is read
  // again, so an admin desk whose manager was just deactivated is not held at a keypad.
  const stopRefusals = onStaffRefusal((code, serverMessage) => {
    const staff = useStaff.getState();
    if (code === 'staff_sign_in_required') {
      staff.setMode('required');
      if (staff.session) void staff.signOut('ended', serverMessage).then(() => staff.probe());
    } else if (code === 'insufficient_role' && staff.session) {
      void staff.probe();
    }
  });
  return () => {
    stopKey();
    stopStaff();
    stopRefusals();
  };
}

export const inDesktopApp = (): boolean => window.marquee !== undefined;
