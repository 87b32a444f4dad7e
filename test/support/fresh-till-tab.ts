import { makeClient, type MarqueeClient } from '../../src/renderer/src/api/client.js';
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

/**
 * A client of another desk in the same test process: `secret`'s key, without the staff session
 * the till's stores set on every request of the module (theirs is the till's, not this desk's).
 */
export function deskClient(url: string, secret: string): MarqueeClient {
  const client = makeClient(url, secret);
  client.use({
    onRequest({ request }) {
      request.headers.delete('marquee-staff');
      return request;
    },
  });
  return client;
}
