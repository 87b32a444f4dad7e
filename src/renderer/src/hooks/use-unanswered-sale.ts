import { useEffect } from 'react';
import { navigate } from '../router.js';
import { useSale } from '../stores/sale-store.js';
import { useSession } from '../stores/session-store.js';
import { tillStorage } from '../lib/tab-storage.js';
import { checkUnansweredWhenReachable } from '../stores/unanswered-sale-watch.js';
import { unansweredSaleStorageKey, tillScope, wasDropped } from '../lib/unanswered-sale.js';

/**
 * A sale whose answer the till never had (its Wi-Fi dropped it, the lid closed, the tab was
 * closed) is put back on the till as soon as it is open again, in this tab or a new one, and
 * checked with the server by itself: whenever it waits and the server answers (at once, after an
 * outage, as it is put down unanswered: stores/unanswered-sale-watch.ts), and when another tab of
 * this till settles it (so this one does not go on saying it is unconfirmed).
 */
export function useUnansweredSale(): void {
  useEffect(() => {
    const eventId = useSale.getState().recover();
    if (eventId !== null && !window.location.pathname.startsWith(`/sell/${eventId}`))
      navigate(`/sell/${eventId}`);
  }, []);

  useEffect(() => checkUnansweredWhenReachable(), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      const { idempotencyKey } = useSale.getState();
      const { baseUrl, apiKey } = useSession.getState();
      if (idempotencyKey === null) return;
      const scope = tillScope(baseUrl, apiKey ?? '');
      if (event.key !== unansweredSaleStorageKey(scope, idempotencyKey)) return;
      if (event.newValue !== null && !wasDropped(tillStorage(), scope, idempotencyKey)) return;
      // Answered in another tab: ask the server, which can only replay it now. Dropped there (New
      // sale): the check below sees the mark and sends nothing.
      void useSale.getState().resendUnanswered();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
