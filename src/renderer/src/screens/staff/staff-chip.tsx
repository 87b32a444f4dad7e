import { useCallback } from 'react';
import { useIdleReset } from '../../hooks/use-idle-reset.js';
import { cashOutsideShift } from '../../lib/shift-words.js';
import { useSettings } from '../../stores/settings-store.js';
import { useShift } from '../../stores/shift-store.js';
import { useStaff } from '../../stores/staff-store.js';
import { Link } from '../../router.js';

/** The last half minute before an idle sign-out shows in the header. */
const idleWarningMs = 30_000;
const defaultIdleMinutes = 5;

/**
 * Who is signed in at this till, its open shift, and Sign out; signs the member out by itself
 * after the idle time set in Settings, so a till left alone does not sell in their name.
 */
export function StaffChip() {
  const session = useStaff((s) => s.session);
  const signOut = useStaff((s) => s.signOut);
  const current = useShift((s) => s.current);
  const shift = current.data;
  const idleMinutes = useSettings((s) => s.settings.data?.staff_idle_minutes ?? defaultIdleMinutes);
  const onIdle = useCallback(() => void signOut('idle'), [signOut]);
  const idle = useIdleReset(session !== null, onIdle, idleMinutes * 60_000, idleWarningMs);
  if (!session) return null;
  return (
    <span className="staff-chip" data-testid="staff-chip">
      {shift ? (
        <Link to="/shift" className="badge badge-muted" title="The shift open on this till">
          Shift open
        </Link>
      ) : null}
      {cashOutsideShift(true, current) ? (
        <Link
          to="/shift"
          className="badge badge-warn"
          title="Cash taken now is in no X or Z report: open a shift"
          data-testid="no-shift"
        >
          No shift open
        </Link>
      ) : null}
      <span className="staff-name" aria-label="Signed in">
        {session.staff.name} · {session.staff.role}
      </span>
      {idle?.warning ? (
        <span className="idle-warning" role="status">
          Signing out in {idle.secondsLeft} s
        </span>
      ) : null}
      <button type="button" className="button button-ghost" onClick={() => void signOut('manual')}>
        Sign out {session.staff.name}
      </button>
    </span>
  );
}
