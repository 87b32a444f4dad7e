import { create } from 'zustand';
import { ApiRequestError } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import { setStaffToken } from '../api/staff-token.js';
import { lockedOutWords } from '../lib/staff-words.js';
import type { StaffSession } from '../api/types.js';
import { requireClient } from './session-store.js';

/**
 * Who of the staff is signed in at this till. `required` once the server has staff (it said so,
 * or refused a write with `staff_sign_in_required`); `off` for a till with no staff, which works
 * as before. The session token lives here and in sessionStorage (platform.ts), never elsewhere.
 */
export type StaffMode = 'unknown' | 'off' | 'required';

/** `ended`: the server ended the session (member deactivated, PIN reset); `endedWords` says so. */
export type SignOutReason = 'manual' | 'idle' | 'expired' | 'ended';

interface StaffState {
  mode: StaffMode;
  session: StaffSession | null;
  /** This till's key id (its shifts carry it), once the server said; null before or from an older server. */
  tillKeyId: string | null;
  /** Why the last member left, for the keypad to say ("Signed out after 5 min without use"). */
  signedOutBy: SignOutReason | null;
  /** The server's words for an `ended` session, e.g. "Sam has been deactivated, so …". */
  endedWords: string | null;
  pinError: string | null;
  busy: boolean;
  setMode(mode: StaffMode): void;
  /**
   * Asks the server whether this till needs a staff member signed in, and whether one still is.
   * Run with the shift poll (app.tsx), so a member the office deactivated or whose PIN it reset
   * is back at the keypad within that poll, not at their next sale.
   */
  probe(): Promise<void>;
  signIn(pin: string): Promise<boolean>;
  signOut(reason?: SignOutReason, endedWords?: string): Promise<void>;
  /** A session kept in sessionStorage from before a reload, still inside its expiry. */
  restore(session: StaffSession): void;
}

export const useStaff = create<StaffState>()((set, get) => ({
  mode: 'unknown',
  session: null,
  tillKeyId: null,
  signedOutBy: null,
  endedWords: null,
  pinError: null,
  busy: false,

  setMode: (mode) => {
    if (get().mode !== mode) set({ mode });
  },

  async probe() {
    const asked = get().session;
    try {
      const answer = await unwrap(requireClient().GET('/v2/staff/session'));
      get().setMode(answer.sign_in_required ? 'required' : 'off');
      if (get().tillKeyId !== answer.api_key_id) set({ tillKeyId: answer.api_key_id });
      const session = get().session;
      // Asked for someone who has since signed out (and maybe another in): the answer is not theirs.
      if (session === null || session !== asked) return;
      // The office ended the session (deactivated, PIN reset) or it ran out: back to the keypad,
      // saying why in the server's words. Only the sign-in ends: the sale on screen stays.
      if (!answer.staff) await get().signOut(answer.ended ? 'ended' : 'expired', answer.ended);
      // The member as they are now: a manager lowered to seller shows as a seller at once.
      else if (
        answer.staff.id === session.staff.id &&
        JSON.stringify(answer.staff) !== JSON.stringify(session.staff)
      )
        set({ session: { ...session, staff: answer.staff } });
    } catch {
      // A server from before staff existed answers 404: a till with no staff, as always.
      if (get().mode === 'unknown') set({ mode: 'off' });
    }
  },

  async signIn(pin) {
    set({ busy: true, pinError: null });
    const answer = requireClient().POST('/v2/staff/sign_in', { body: { pin } });
    try {
      const session = await unwrap(answer);
      setStaffToken(session.session_token);
      set({ session, mode: 'required', busy: false, signedOutBy: null, endedWords: null });
      return true;
    } catch (err) {
      set({ busy: false, pinError: await pinRefusal(err, answer) });
      return false;
    }
  },

  async signOut(reason = 'manual', endedWords) {
    const had = get().session;
    if (had && reason !== 'expired' && reason !== 'ended') {
      // Best effort: the token dies here either way, and the server expires it in any case.
      await unwrap(requireClient().POST('/v2/staff/sign_out', { body: {} })).catch(() => undefined);
    }
    setStaffToken(null);
    // Whether this key needs a PIN at all, asked now rather than at the next 15 s check: the admin
    // desk's keypad was only for naming a shift's opener, and signed out it goes back to its
    // screens at once instead of showing the keypad or not by when the server was last asked.
    const mode = had && reason === 'manual' ? await signInMode().catch(() => get().mode) : get().mode;
    set({
      mode,
      session: null,
      signedOutBy: reason,
      endedWords: reason === 'ended' ? endedWords || null : null,
      pinError: null,
    });
  },

  restore(session) {
    if (Date.parse(session.expires_at) <= Date.now()) return;
    setStaffToken(session.session_token);
    set({ session, mode: 'required' });
  },
}));

async function signInMode(): Promise<StaffMode> {
  const answer = await unwrap(requireClient().GET('/v2/staff/session'));
  return answer.sign_in_required ? 'required' : 'off';
}

async function pinRefusal(err: unknown, answer: Promise<{ response: Response }>): Promise<string> {
  if (!(err instanceof ApiRequestError)) return err instanceof Error ? err.message : String(err);
  if (err.status === 429) {
    const retryAfter = await answer.then(
      (a) => a.response.headers.get('Retry-After'),
      () => null,
    );
    return lockedOutWords(Number(retryAfter));
  }
  if (err.status === 401 || err.code === 'invalid_pin' || err.code === 'wrong_pin') {
    return 'That PIN is not right. Try again.';
  }
  return err.message;
}
