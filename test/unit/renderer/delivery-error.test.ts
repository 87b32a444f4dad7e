import { describe, expect, it } from 'vitest';
import { deliveryErrorText } from '../../../src/renderer/src/lib/delivery-error.js';

describe('deliveryErrorText', () => {
  it('says an unreachable receiver was not an attempt, and why it was unreachable', () => {
    expect(deliveryErrorText('offline: connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'Receiver unreachable: nothing is listening there (not counted as an attempt). connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(deliveryErrorText('offline: getaddrinfo EAI_AGAIN hooks.example.com')).toContain(
      'could not be looked up',
    );
    expect(deliveryErrorText('offline: something new')).toBe(
      'Receiver unreachable (not counted as an attempt). something new',
    );
  });

  it('leaves the receiver’s own failures as they are', () => {
    expect(deliveryErrorText('timed out after 10 s')).toBe('timed out after 10 s');
  });
});
