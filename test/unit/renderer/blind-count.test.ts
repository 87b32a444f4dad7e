import { describe, expect, it } from 'vitest';
import {
  drawerAmount,
  mayShowExpected,
  overShortWords,
  recount,
  signedMoney,
  startCount,
  submitCount,
  typeCount,
} from '../../../src/renderer/src/lib/blind-count.js';
import { fieldLimits } from '../../../src/shared/field-limits.js';

describe('closing a shift with a blind count', () => {
  it('keeps the expected cash hidden while counting and confirming, shown only once closed', () => {
    expect(mayShowExpected(startCount)).toBe(false);
    const confirm = submitCount(typeCount('195.00'), 'usd');
    expect(confirm).toEqual({ step: 'confirm', countedCents: 19500, text: '195.00' });
    expect(mayShowExpected(confirm)).toBe(false);
    expect(mayShowExpected({ step: 'closed' })).toBe(true);
  });

  it('refuses a count that is not money in the event currency, saying how to type it', () => {
    const refused = submitCount(typeCount('about 20'), 'usd');
    expect(refused).toEqual({
      step: 'count',
      text: 'about 20',
      error:
        '“about 20” is not an amount: type the cash counted in the drawer in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    });
    expect(submitCount(typeCount(''), 'usd')).toMatchObject({
      error: 'Type the cash counted in the drawer, like 25.00.',
    });
    expect(submitCount(typeCount('2500'), 'jpy')).toMatchObject({ step: 'confirm', countedCents: 2500 });
    expect(submitCount(typeCount('25.5'), 'jpy')).toMatchObject({
      error: '“25.5” has decimals, and JPY amounts have none: type whole JPY, like 2500.',
    });
  });

  it('reads a European count with both separators, and says why an unclear one is refused', () => {
    expect(submitCount(typeCount('1.234,50'), 'usd')).toMatchObject({
      step: 'confirm',
      countedCents: 123450,
    });
    expect(submitCount(typeCount('1,234.50'), 'usd')).toMatchObject({
      step: 'confirm',
      countedCents: 123450,
    });
    expect(submitCount(typeCount('1,5'), 'usd')).toMatchObject({ step: 'confirm', countedCents: 150 });
    // A point then three digits: $1,234.00 or a slip in the cents? Never read either way.
    expect(submitCount(typeCount('1.234'), 'usd')).toEqual({
      step: 'count',
      text: '1.234',
      error: '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
    });
    // Yen have no decimals: "1.500" can only be ¥1,500.
    expect(submitCount(typeCount('1.500'), 'jpy')).toMatchObject({ step: 'confirm', countedCents: 1500 });
    // Grouped by spaces (French, Scandinavian) or apostrophes (Swiss).
    expect(submitCount(typeCount('1 234,50'), 'eur')).toMatchObject({
      step: 'confirm',
      countedCents: 123450,
    });
    expect(submitCount(typeCount('1\u00a0234,50'), 'eur')).toMatchObject({ countedCents: 123450 });
    expect(submitCount(typeCount("1'234.50"), 'chf')).toMatchObject({ countedCents: 123450 });
    // Three-decimal dinars: a lone comma before three digits is 1,250 or 1.250; never guessed.
    expect(submitCount(typeCount('1,250'), 'kwd')).toMatchObject({
      step: 'count',
      error:
        '“1,250” is unclear: in KWD a comma may group thousands or start the 3 decimals. For KWD\u00a01,250.000 type 1250; for KWD\u00a01.250 type 1.250.',
    });
    expect(submitCount(typeCount('1.2505'), 'kwd')).toMatchObject({
      error:
        '“1.2505” has more than 3 digits after the decimal mark, and KWD amounts have 3: type it like 25.000.',
    });
  });

  it('takes any count a drawer could hold, as the server does: Rp 1,200,000 is not over the cap', () => {
    // Two tickets at Rp 600,000 are 120,000,000 minor units: the old cap of 100,000,000 refused
    // the true count of such a night, at the till and at the server alike.
    expect(submitCount(typeCount('1200000'), 'idr')).toEqual({
      step: 'confirm',
      countedCents: 120_000_000,
      text: '1200000',
    });
    // The server's bound (fieldLimits.drawerCents) is above the largest amount the till reads
    // (twelve whole digits, readMoney), in every currency: what can be typed can be counted.
    expect(submitCount(typeCount('999999999999.99'), 'usd')).toMatchObject({
      step: 'confirm',
      countedCents: 99_999_999_999_999,
    });
    expect(fieldLimits.drawerCents.maximum).toBeGreaterThan(999_999_999_999_999);
    expect(drawerAmount('999999999999', 'jpy', 'the cash put in the drawer')).toEqual({
      cents: 999_999_999_999,
    });
    // A float is read by the same rule, in the float's words.
    expect(drawerAmount('', 'usd', 'the cash put in the drawer')).toEqual({
      problem: 'Type the cash put in the drawer, like 25.00.',
    });
    expect(drawerAmount('100', 'usd', 'the cash put in the drawer')).toEqual({ cents: 10000 });
  });

  it('goes back from the confirmation with the amount as the manager typed it, not rewritten', () => {
    const confirm = submitCount(typeCount('1.234,50'), 'usd');
    expect(confirm).toEqual({ step: 'confirm', countedCents: 123450, text: '1.234,50' });
    expect(recount(confirm)).toEqual({ step: 'count', text: '1.234,50', error: null });
    expect(recount(submitCount(typeCount('1 020,50'), 'eur'))).toEqual({
      step: 'count',
      text: '1 020,50',
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
