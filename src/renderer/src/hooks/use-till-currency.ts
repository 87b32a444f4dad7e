import { useEffect } from 'react';
import { useEvents } from '../stores/events-store.js';
import { useSale } from '../stores/sale-store.js';

/**
 * The venue's money as this till sees it: the event on sale here sets it, else the first event's,
 * else usd. There is no venue-wide currency setting; each event has its own.
 */
export function useTillCurrency(): string {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const saleEventId = useSale((s) => s.eventId);
  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  const list = events.data ?? [];
  return (list.find((e) => e.id === saleEventId) ?? list[0])?.currency ?? 'usd';
}
