import { describe, expect, it } from 'vitest';
import {
  amountExample,
  changeDue,
  formatMoney,
  minorToInput,
  parseMoney,
  quickTenders,
} from '../../../src/renderer/src/lib/money.js';

describe('parseMoney (the till’s and the editors’ typed amounts)', () => {
  it.each([
    ['20', 'usd', 2000],
    ['20.5', 'usd', 2050],
    ['20.50', 'usd', 2050],
    ['$1,020.00', 'usd', 102000],
    [' 0 ', 'usd', 0],
    ['0.05', 'usd', 5],
    ['20.', 'usd', 2000],
    ['€12.34', 'eur', 1234],
    ['12.34 EUR', 'eur', 1234],
    ['2500', 'jpy', 2500],
    ['¥2,500', 'jpy', 2500],
    ['1,234,567.89', 'usd', 123456789],
    ['10000', 'jpy', 10000],
    ['1.250', 'kwd', 1250],
    ['1.25', 'kwd', 1250],
    ['KWD 3', 'kwd', 3000],
    ['1000', 'krw', 1000],
    // Both separators: the last starts the decimals, the other groups thousands in threes.
    ['1.234,50', 'usd', 123450],
    ['€1.234.567,89', 'eur', 123456789],
    ['1,234.5', 'usd', 123450],
    // A separator written more than once groups thousands.
    ['1.234.567', 'usd', 123456700],
    // A lone comma: three digits after it group thousands, fewer are a decimal comma.
    ['1,500', 'usd', 150000],
    ['145,00', 'usd', 14500],
    ['1,5', 'usd', 150],
    ['0,05', 'usd', 5],
    ['1,250', 'kwd', 1250000],
  ])('reads %j in %s as %i minor units', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it.each([
    ['', 'usd'],
    ['abc', 'usd'],
    ['20.555', 'usd'],
    ['-5', 'usd'],
    ['1e3', 'usd'],
    ['20,50.1.2', 'usd'],
    ['.5', 'usd'],
    ['2500.5', 'jpy'],
    ['2500.', 'jpy'],
    ['25.00', 'jpy'],
    ['$2500', 'jpy'],
    ['1.2505', 'kwd'],
    // A lone point with three digits after it: 1,234 or 1.23? Never guessed.
    ['1.234', 'usd'],
    ['1.500', 'jpy'],
    ['1,5', 'jpy'],
    ['1.234,567', 'usd'],
    ['1,234,5', 'usd'],
    ['1.23.4', 'usd'],
    ['1.234,50.00', 'usd'],
    ['12.34,50', 'usd'],
    ['1 234,50', 'usd'],
    ['1,45,000', 'usd'],
    [',145', 'usd'],
    ['1,000,00', 'usd'],
  ])('refuses %j in %s rather than guess', (text, currency) => {
    expect(parseMoney(text, currency)).toBeNull();
  });

  it('round-trips through the input form in every currency', () => {
    for (const [minor, currency, text] of [
      [2599, 'usd', '25.99'],
      [2500, 'usd', '25.00'],
      [2500, 'jpy', '2500'],
      [1250, 'kwd', '1.250'],
      [123456, 'eur', '1234.56'],
    ] as const) {
      expect(minorToInput(minor, currency)).toBe(text);
      expect(parseMoney(minorToInput(minor, currency), currency)).toBe(minor);
    }
    expect(amountExample('usd')).toBe('25.00');
    expect(amountExample('jpy')).toBe('2500');
    expect(amountExample('kwd')).toBe('25.000');
  });
});

describe('changeDue', () => {
  it('gives change for more, nothing for exact, and the shortfall for less', () => {
    expect(changeDue(7500, 10000)).toEqual({ change: 2500, short: 0 });
    expect(changeDue(7500, 7500)).toEqual({ change: 0, short: 0 });
    expect(changeDue(7500, 7000)).toEqual({ change: 0, short: 500 });
  });
});

describe('quickTenders', () => {
  it('offers the exact amount and the round notes above it, ascending and distinct', () => {
    expect(quickTenders(7500, 'usd')).toEqual([7500, 8000, 10000]);
    expect(quickTenders(1250, 'usd')).toEqual([1250, 1500, 2000, 5000, 10000]);
    expect(quickTenders(10000, 'usd')).toEqual([10000, 20000, 50000]);
  });

  it('offers notes of the currency’s own size: yen in thousands, dinars in whole dinars', () => {
    expect(quickTenders(2500, 'jpy')).toEqual([2500, 3000, 4000, 5000, 10000]);
    expect(quickTenders(800, 'jpy')).toEqual([800, 1000]);
    expect(quickTenders(12500, 'kwd')).toEqual([12500, 15000, 20000, 50000, 100000]);
  });

  it('offers nothing for a free sale', () => {
    expect(quickTenders(0, 'usd')).toEqual([]);
  });
});

describe('formatMoney', () => {
  it('formats minor units with the currency’s own decimals', () => {
    expect(formatMoney(2500, 'usd')).toBe('$25.00');
    expect(formatMoney(123456, 'eur')).toBe('€1,234.56');
    expect(formatMoney(2500, 'jpy')).toBe('¥2,500');
    expect(formatMoney(1250, 'kwd')).toBe('KWD\u00a01.250'); // Intl puts a no-break space after a code
    expect(formatMoney(50000, 'krw')).toBe('₩50,000');
  });
});
