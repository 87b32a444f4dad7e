/**
 * The signed-in staff member's session token, held in memory for the API client to send as
 * `Marquee-Staff` (the staff store owns it and mirrors it to sessionStorage, never localStorage).
 * A module of its own so the client and the stores need not import each other.
 */
let token: string | null = null;
const refusalListeners = new Set<(code: string) => void>();

export function staffToken(): string | null {
  return token;
}

export function setStaffToken(next: string | null): void {
  token = next;
}

/** Called with `staff_sign_in_required` when the server asks for a staff session. */
export function onStaffRefusal(listener: (code: string) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function reportStaffRefusal(code: string): void {
  refusalListeners.forEach((listener) => listener(code));
}
