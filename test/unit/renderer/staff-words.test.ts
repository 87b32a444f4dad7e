import { describe, expect, it } from 'vitest';
import { staffRefusalWords } from '../../../src/renderer/src/lib/staff-words.js';

describe('staff refusals in words', () => {
  it('names what only a manager may do, from the refused request', () => {
    const at = 'http://127.0.0.1:4000';
    expect(staffRefusalWords('insufficient_role', 'POST', `${at}/v2/orders/ord_1/refund`)).toBe(
      'Only a manager can refund. Ask a manager to sign in.',
    );
    expect(staffRefusalWords('insufficient_role', 'POST', `${at}/v2/tickets/tkt_1/void`)).toBe(
      'Only a manager can void a ticket. Ask a manager to sign in.',
    );
    expect(staffRefusalWords('insufficient_role', 'POST', `${at}/v2/payouts`)).toBe(
      'Only a manager can record a payout. Ask a manager to sign in.',
    );
    expect(staffRefusalWords('insufficient_role', 'POST', `${at}/v2/somewhere/else`)).toBe(
      'Only a manager can do that. Ask a manager to sign in.',
    );
  });

  it('asks for the PIN when the server needs a staff session', () => {
    expect(staffRefusalWords('staff_sign_in_required', 'POST', 'http://x/v2/orders')).toBe(
      'Sign in with your PIN first.',
    );
  });

  it('leaves every other refusal to the server’s own message', () => {
    expect(staffRefusalWords('invalid_request', 'POST', 'http://x/v2/orders')).toBeNull();
    expect(staffRefusalWords('forbidden', 'GET', 'http://x/v2/api_keys')).toBeNull();
  });
});
