import { describe, expect, it } from 'vitest';
import * as rendererMoney from '../../../src/renderer/src/lib/money.js';
import {
  currencyCodes,
  currencyProblem,
  isCurrencyCode,
  minorUnitDigits,
} from '../../../src/shared/currencies.js';
import { formatMoney, minorToInput, parseMoney } from '../../../src/shared/money.js';

describe('ISO 4217 codes', () => {
  it('accepts current codes in lowercase only', () => {
    for (const code of ['usd', 'eur', 'gbp', 'jpy', 'kwd', 'chf', 'sle', 'ves', 'zwg', 'xcg'])
      expect(isCurrencyCode(code), code).toBe(true);
    for (const code of ['USD', 'dol', 'dollars', 'xyz', '', 'hrk', 'zwl', 'xau', 'xxx', 'xts'])
      expect(isCurrencyCode(code), code).toBe(false);
    expect(currencyCodes.length).toBeGreaterThan(150);
    expect([...currencyCodes].sort()).toEqual(currencyCodes);
  });

  it('knows the minor unit of each: 2 usd/eur, 0 jpy/krw, 3 kwd/bhd, 4 clf', () => {
    expect([
      minorUnitDigits('usd'),
      minorUnitDigits('eur'),
      minorUnitDigits('jpy'),
      minorUnitDigits('krw'),
    ]).toEqual([2, 2, 0, 0]);
    expect([
      minorUnitDigits('kwd'),
      minorUnitDigits('bhd'),
      minorUnitDigits('clf'),
      minorUnitDigits('JPY'),
    ]).toEqual([3, 3, 4, 0]);
    // Follows ISO where CLDR shows no decimals: an IQD amount is counted in fils.
    expect(minorUnitDigits('iqd')).toBe(3);
    expect(formatMoney(1500, 'iqd')).toBe('IQD\u00a01.500');
  });

  it('says what is wrong with a code people typed', () => {
    expect(currencyProblem('usd')).toBeNull();
    expect(currencyProblem('dollars')).toBe(
      "'dollars' is not an ISO 4217 currency code; use one such as usd, eur, gbp or jpy.",
    );
    expect(currencyProblem('JPY')).toBe("Currency codes are written in lowercase: 'jpy', not 'JPY'.");
  });

  it('formats and parses every code it accepts, round trip, without losing a minor unit', () => {
    for (const code of currencyCodes) {
      const text = formatMoney(123456, code);
      expect(text, code).toMatch(/\d/);
      expect(parseMoney(minorToInput(123456, code), code), code).toBe(123456);
    }
  });

  it('shows a store’s legacy non-ISO code with two decimals rather than failing', () => {
    expect(formatMoney(2500, 'dol')).toBe('DOL\u00a025.00');
  });

  it('writes a negative amount with a real minus sign, whatever the currency, and never −0', () => {
    expect(formatMoney(-500, 'usd')).toBe('\u2212$5.00');
    expect(formatMoney(-2500, 'jpy')).toBe('\u2212¥2,500');
    expect(formatMoney(-1250, 'kwd')).toBe('\u2212KWD\u00a01.250');
    expect(formatMoney(-0, 'usd')).toBe('$0.00');
    expect(formatMoney(-500, 'usd')).not.toContain('-');
  });

  it('is the one implementation: the renderer uses the very same functions', () => {
    expect(rendererMoney.formatMoney).toBe(formatMoney);
    expect(rendererMoney.parseMoney).toBe(parseMoney);
    expect(rendererMoney.minorToInput).toBe(minorToInput);
  });
});
