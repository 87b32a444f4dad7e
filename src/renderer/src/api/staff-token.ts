/**
 * The signed-in staff member's session token, held in memory for the API client to send as
 * `Marquee-Staff` (the staff store owns it and mirrors it to sessionStorage, never localStorage).
 * A module of its own so the client and the stores need not import each other.
 */
let token: string | null = null;
/** A staff refusal's code and the server's own message (which says why a session ended). */
type RefusalListener = (code: string, serverMessage: string) => void;
const refusalListeners = new Set<RefusalListener>();

export function staffToken(): string | null {
  return token;
}

export function setStaffToken(next: string | null): void {
  token = next;
}

/** Called with `staff_sign_in_required` or `insufficient_role` and the server's message. */
export function onStaffRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function reportStaffRefusal(code: string, serverMessage: string): void {
  refusalListeners.forEach((listener) => listener(code, serverMessage));
}
