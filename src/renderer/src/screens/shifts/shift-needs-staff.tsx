import { useEffect } from 'react';
import { Link } from '../../router.js';
import { useSession } from '../../stores/session-store.js';
import { useStaff } from '../../stores/staff-store.js';
import { useStaffAdmin } from '../../stores/staff-admin-store.js';

/**
 * Whether anyone can open a shift here. A shift names who opened and closed it, so the server
 * opens one only for a signed-in staff member: with no active member, Open shift could only
 * bring up a keypad no PIN opens. `unknown` until the staff list (admin key) has been read.
 */
export function useShiftNeedsStaff(): 'unknown' | 'yes' | 'no' {
  const mode = useStaff((s) => s.mode);
  const admin = useSession((s) => s.role === 'admin');
  const members = useStaffAdmin((s) => s.members);
  const loadMembers = useStaffAdmin((s) => s.load);
  useEffect(() => {
    if (admin && mode === 'off') void loadMembers();
  }, [admin, mode, loadMembers]);
  if (mode === 'required') return 'no';
  // A box office key is asked for no PIN only while the venue has no active staff member.
  if (!admin) return mode === 'off' ? 'yes' : 'unknown';
  if (members.data) return members.data.some((member) => member.active) ? 'no' : 'yes';
  // The list could not be read: offer the form; the server's refusal still says why.
  return members.state === 'error' ? 'no' : 'unknown';
}

/** Said instead of the Open shift form while the venue has no staff: what to do, and where. */
export function ShiftNeedsStaff() {
  const admin = useSession((s) => s.role === 'admin');
  return (
    <div className="panel" role="status">
      <h2>No one can open a shift yet</h2>
      <p>
        A shift and its Z report name who opened and closed it, so shifts need staff, each with a PIN.{' '}
        {admin ? (
          <>
            Add yourself and your staff in <Link to="/settings">Settings</Link> › Staff, then open the shift
            here with your PIN.
          </>
        ) : (
          <>Ask a manager to add the staff in Settings; this till then asks for a PIN.</>
        )}
      </p>
    </div>
  );
}

/**
 * The admin desk with nobody signed in: opening or closing a shift will need a member's PIN.
 * Asked for before the float or the count is typed, not after: the keypad replaces the screen,
 * and what had been typed was gone when it came back.
 */
export function useAdminWithoutPin(): boolean {
  const admin = useSession((s) => s.role === 'admin');
  const signedIn = useStaff((s) => s.session !== null);
  return admin && !signedIn;
}

/** Brings up the PIN keypad now (its Back without a PIN returns to this screen). */
export const askForPin = (): void => useStaff.getState().setMode('required');

/** Instead of the Open shift form on the admin desk with nobody signed in. */
export function AdminShiftSignIn() {
  return (
    <div className="panel">
      <p>A shift and its Z report name who opened it, so opening one asks for your staff PIN.</p>
      <button type="button" className="button button-primary" onClick={askForPin}>
        Sign in to open a shift
      </button>
    </div>
  );
}
