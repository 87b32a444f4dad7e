import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  changeDue,
  formatMoney,
  parseMoney,
  quickTenders,
} from '../../../src/renderer/src/lib/money.js';

describe('parseMoney', () => {
  it.each([
    ['20', 2000],
    ['20.5', 2050],
    ['20.50', 2050],
    ['$1,020.00', 102000],
    [' 0 ', 0],
    ['0.05', 5],
    ['20.', 2000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', 'abc', '20.555', '-5', '1e3', '20,50.1.2', '.5'])('refuses %j rather than guess', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('round-trips through the input form', () => {
    expect(parseMoney(centsToInput(2599))).toBe(2599);
    expect(centsToInput(2500)).toBe('25.00');
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
    expect(quickTenders(7500)).toEqual([7500, 8000, 10000]);
    expect(quickTenders(1250)).toEqual([1250, 1500, 2000, 5000, 10000]);
    expect(quickTenders(10000)).toEqual([10000]);
  });

  it('offers nothing for a free sale', () => {
    expect(quickTenders(0)).toEqual([]);
  });
});

describe('formatMoney', () => {
  it('formats minor units in the currency', () => {
    expect(formatMoney(2500, 'usd')).toBe('$25.00');
    expect(formatMoney(123456, 'eur')).toBe('€1,234.56');
  });
});
