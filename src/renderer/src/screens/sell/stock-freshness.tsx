import { useNow } from '../../hooks/use-now.js';
import { stockFreshWords, staleAfterMs } from '../../lib/stock-freshness.js';
import { useEvents } from '../../stores/events-store.js';

/** Under the tiles: how long ago the "N left" counts were read (lib/stock-freshness.ts). */
export function StockFreshness({ eventId }: { eventId: string }) {
  const readAt = useEvents((s) => s.tiersReadAt[eventId]);
  // Its own clock, so the whole till does not re-render every few seconds.
  const now = useNow(5_000);
  const words = stockFreshWords(readAt, now);
  if (words === null) return null;
  const stale = readAt !== undefined && now - readAt >= staleAfterMs;
  return (
    <p className={stale ? 'small stock-stale' : 'muted small'} data-testid="stock-freshness">
      {words}
    </p>
  );
}
