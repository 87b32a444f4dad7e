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
