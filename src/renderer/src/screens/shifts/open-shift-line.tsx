import { useEffect, useState } from 'react';
import type { ShiftView } from '../../api/types.js';
import { fetchShift } from '../../stores/shift-store.js';

/**
 * The open shift as GET /v2/shifts/{id} names it (its till and who opened it), which
 * GET /v2/shifts/current does not. Read once per shift on the Shift screen, never at checkout;
 * null until it answers, and kept null when it cannot (the line then says the float alone).
 */
export function useNamedShift(shiftId: string | null): ShiftView | null {
  const [named, setNamed] = useState<ShiftView | null>(null);
  useEffect(() => {
    if (shiftId === null) return;
    let stale = false;
    fetchShift(shiftId).then(
      (shift) => {
        if (!stale) setNamed(shift);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [shiftId]);
  // A shift closed and another opened: the last one's names are not this one's.
  return named !== null && named.id === shiftId ? named : null;
}

/**
 * The `shf_` id, folded away: staff read who and where; a manager matching the shift in the
 * audit log or a CSV opens it and selects (or copies) the id.
 */
export function OpenShiftId({ id }: { id: string }) {
  return (
    <details className="muted">
      <summary>Shift id (for the audit log)</summary>
      <code>{id}</code>
    </details>
  );
}
