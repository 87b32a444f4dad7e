import { describe, expect, it } from 'vitest';
import { paymentMethodWords, paymentWords } from '../../../src/renderer/src/lib/payment-words.js';

describe('payment method words', () => {
  it('names every method the API takes in words a seller uses', () => {
    expect(paymentMethodWords).toEqual({
      cash: 'Cash',
      card: 'Card',
      comp: 'Complimentary',
      external: 'Paid elsewhere',
    });
  });

  it('reads report values the same way, and shows a method it does not know as it came', () => {
    expect(paymentWords('comp')).toBe('Complimentary');
    expect(paymentWords('external')).toBe('Paid elsewhere');
    expect(paymentWords('voucher')).toBe('voucher');
  });
});
