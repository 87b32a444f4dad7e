import { useEffect, useState } from 'react';
import type { ShiftView } from '../../api/types.js';
import { fetchShift } from '../../stores/shift-store.js';

/** The open shift's names: `undefined` while they are asked for, `null` when they could not be read. */
export type NamedShift = ShiftView | null | undefined;

/**
 * The open shift as GET /v2/shifts/{id} names it (its till and who opened it), which
 * GET /v2/shifts/current does not. Read once per shift on the Shift screen, never at checkout;
 * `undefined` until it answers, then the shift, or `null` when it cannot be read (the line then
 * says the float alone).
 */
export function useNamedShift(shiftId: string | null): NamedShift {
  const [named, setNamed] = useState<{ id: string; shift: ShiftView | null } | null>(null);
  useEffect(() => {
    if (shiftId === null) return;
    let stale = false;
    fetchShift(shiftId).then(
      (shift) => {
        if (!stale) setNamed({ id: shiftId, shift });
      },
      () => {
        if (!stale) setNamed({ id: shiftId, shift: null });
      },
    );
    return () => {
      stale = true;
    };
  }, [shiftId]);
  // A shift closed and another opened: the last one's names are not this one's.
  return named !== null && named.id === shiftId ? named.shift : undefined;
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
