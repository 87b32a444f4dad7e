import { describe, expect, it } from 'vitest';
import {
  mayShowExpected,
  overShortWords,
  recount,
  signedMoney,
  startCount,
  submitCount,
  typeCount,
} from '../../../src/renderer/src/lib/blind-count.js';

describe('closing a shift with a blind count', () => {
  it('keeps the expected cash hidden while counting and confirming, shown only once closed', () => {
    expect(mayShowExpected(startCount)).toBe(false);
    const confirm = submitCount(typeCount('195.00'), 'usd', '25.00');
    expect(confirm).toEqual({ step: 'confirm', countedCents: 19500 });
    expect(mayShowExpected(confirm)).toBe(false);
    expect(mayShowExpected({ step: 'closed' })).toBe(true);
  });

  it('refuses a count that is not money in the event currency, saying how to type it', () => {
    const refused = submitCount(typeCount('about 20'), 'usd', '25.00');
    expect(refused).toEqual({
      step: 'count',
      text: 'about 20',
      error: 'Type the cash counted in the drawer, like 25.00.',
    });
    expect(submitCount(typeCount('2500'), 'jpy', '2500')).toEqual({ step: 'confirm', countedCents: 2500 });
    expect(submitCount(typeCount('25.5'), 'jpy', '2500').step).toBe('count');
  });

  it('goes back from the confirmation with the amount as it would be typed', () => {
    expect(recount({ step: 'confirm', countedCents: 102050 }, 'usd')).toEqual({
      step: 'count',
      text: '1020.50',
      error: null,
    });
  });

  it('writes over/short with its sign and in words', () => {
    expect(signedMoney(-500, 'usd')).toBe('−$5.00');
    expect(signedMoney(250, 'usd')).toBe('+$2.50');
    expect(signedMoney(0, 'usd')).toBe('$0.00');
    expect(overShortWords(-500, 'usd')).toBe('Short by $5.00');
    expect(overShortWords(1000, 'jpy')).toBe('Over by ¥1,000');
    expect(overShortWords(0, 'usd')).toBe('Exact');
  });
});
