import { describe, expect, it } from 'vitest';
import { lockedOutWords, staffRefusalWords } from '../../../src/renderer/src/lib/staff-words.js';

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

describe('a till locked out after wrong PINs', () => {
  it('says for how long, from Retry-After, and that the right PIN waits too', () => {
    expect(lockedOutWords(30)).toBe(
      'Too many wrong PINs at this till. Try again in 30 seconds, even with the right PIN.',
    );
    expect(lockedOutWords(1)).toContain('in 1 second,');
    expect(lockedOutWords(60)).toContain('in 1 minute,');
    expect(lockedOutWords(61)).toContain('in 2 minutes,');
    expect(lockedOutWords(900)).toContain('in 15 minutes,');
    expect(lockedOutWords(Number.NaN)).toContain('in a moment,');
  });
});
