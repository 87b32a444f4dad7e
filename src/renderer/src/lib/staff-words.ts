/**
 * The staff refusals in words a person at the till uses, from the server's code and what was
 * being done (the request's method and path), e.g. "Only a manager can refund. Ask a manager to
 * sign in." instead of `insufficient_role`.
 */
const managerActions: readonly (readonly [RegExp, string])[] = [
  [/\/refunds?$/, 'refund'],
  [/\/void$/, 'void a ticket'],
  [/\/payouts?(\/|$)/, 'record a payout'],
  [/\/cancel$/, 'cancel an event'],
  [/\/staff(\/|$)/, 'manage staff'],
];

export function staffRefusalWords(code: string, method: string, url: string): string | null {
  const path = pathOf(url);
  if (code === 'staff_sign_in_required') return 'Sign in with your PIN first.';
  if (code === 'insufficient_role') {
    const action = managerActions.find(([pattern]) => pattern.test(path))?.[1];
    return action
      ? `Only a manager can ${action}. Ask a manager to sign in.`
      : `Only a manager can do that${method === 'GET' ? ' here' : ''}. Ask a manager to sign in.`;
  }
  return null;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://till.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/**
 * A till locked out after wrong PINs, in words: for how long, from the server's Retry-After
 * (seconds; 30 s the first time, up to 15 min), so nobody taps on through a quarter of an hour.
 */
export function lockedOutWords(retryAfterSeconds: number): string {
  return `Too many wrong PINs at this till. Try again ${waitWords(retryAfterSeconds)}, even with the right PIN.`;
}

function waitWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'in a moment';
  if (seconds === 1) return 'in 1 second';
  if (seconds < 60) return `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
}
