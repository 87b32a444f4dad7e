import { useNow } from '../hooks/use-now.js';
import { useVenueTimeZone } from '../hooks/use-venue-time-zone.js';
import { leftOpenWords } from '../lib/shift-words.js';
import { Link } from '../router.js';
import { useShift } from '../stores/shift-store.js';

/**
 * Says when this till's open shift was left open from an earlier day (`leftOpenWords`): on the
 * Shift screen, and at the Sell screen's cash step with a link there, since the header's "Shift
 * open" looks the same either way. Nothing otherwise.
 */
export function ShiftLeftOpen({ linkToShift = false }: { linkToShift?: boolean }) {
  const openedAt = useShift((s) => s.current.data?.opened_at ?? null);
  const zone = useVenueTimeZone();
  // A till left on overnight crosses the 12 hours by itself.
  const now = useNow(60_000);
  const words = openedAt === null ? null : leftOpenWords(openedAt, now, zone);
  if (words === null) return null;
  return (
    <p className="form-warning" role="note" aria-label="Shift left open">
      {words}
      {linkToShift ? (
        <>
          {' '}
          <Link to="/shift">Shift</Link>
        </>
      ) : null}
    </p>
  );
}
