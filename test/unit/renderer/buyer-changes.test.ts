import { describe, expect, it } from 'vitest';
import { buyerCorrection } from '../../../src/renderer/src/lib/buyer-changes.js';

const buyer = { name: 'Ada Lovelace', email: 'ada@exmaple.com' };

describe('buyerCorrection: what the buyer dialog sends', () => {
  it('only the field typed differently, trimmed', () => {
    expect(buyerCorrection(buyer, ' Ada Lovelace ', ' ada@example.com ')).toEqual({
      kind: 'change',
      patch: { email: 'ada@example.com' },
    });
  });

  it('nothing when nothing changed', () => {
    expect(buyerCorrection(buyer, 'Ada Lovelace', 'ada@exmaple.com')).toEqual({ kind: 'none' });
    expect(buyerCorrection(null, ' ', '')).toEqual({ kind: 'none' });
  });

  it('an emptied field is named, since the server keeps a buyer once given', () => {
    expect(buyerCorrection(buyer, '', 'ada@exmaple.com')).toEqual({ kind: 'emptied', field: 'name' });
    expect(buyerCorrection(buyer, 'Ada', '  ')).toEqual({ kind: 'emptied', field: 'email' });
  });

  it('a walk-in sale gets what is typed', () => {
    expect(buyerCorrection(null, 'Grace', 'grace@example.com')).toEqual({
      kind: 'change',
      patch: { name: 'Grace', email: 'grace@example.com' },
    });
    expect(buyerCorrection({ name: 'Walk-in', email: null }, 'Walk-in', 'w@example.com')).toEqual({
      kind: 'change',
      patch: { email: 'w@example.com' },
    });
  });
});
