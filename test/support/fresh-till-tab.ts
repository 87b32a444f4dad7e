import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { useStaff } from '../../src/renderer/src/stores/staff-store.js';
import type { FlakyLink } from '../e2e/support/flaky-link.js';
import { memoryStorage } from './memory-storage.js';
import type { ServedTestApp } from './test-app.js';

/**
 * The till's stores as a new tab finds them, talking to the server through `link`: empty storage,
 * the link working, nobody at the keypad, the till's key signed in and no sale on screen.
 */
export async function freshTillTab(link: FlakyLink, tillSecret: string): Promise<void> {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  link.release();
  await useStaff.getState().signOut('expired');
  useSession.getState().signOut();
  useSession.getState().setBaseUrl(link.url);
  await useSession.getState().signIn(tillSecret, 'login');
  useSale.setState({ idempotencyKey: null, sentUnanswered: [], sellerId: null, stage: 'tier' });
}

/** After the file: the tab's storage gone, the link and the server closed. */
export async function closeTillTab(link: FlakyLink, served: ServedTestApp): Promise<void> {
  Reflect.deleteProperty(globalThis, 'localStorage');
  await link.close();
  await served.close();
}
