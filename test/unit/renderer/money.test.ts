import { describe, expect, it } from 'vitest';
import {
  amountExample,
  changeDue,
  formatMoney,
  minorToInput,
  moneyProblemWords,
  parseMoney,
  amountReadBack,
  quickTenders,
  readMoney,
  withReadBack,
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
    // A lone comma after more than three digits, or after 0, cannot group thousands: decimals.
    ['1234,567', 'kwd', 1234567],
    ['0,500', 'kwd', 500],
    // Spaces (plain, no-break, narrow no-break) or apostrophes group thousands in threes; the
    // one point or comma after them starts the decimals, whichever it is.
    ['1 234,50', 'usd', 123450],
    ['1\u00a0234,50', 'eur', 123450],
    ['1\u202f234,50 €', 'eur', 123450],
    ['EUR 1 234 567,89', 'eur', 123456789],
    ['1 234.5', 'usd', 123450],
    ['1 234', 'usd', 123400],
    ['12 345', 'sek', 1234500],
    ["1'234.50", 'chf', 123450],
    ['CHF 1’234.50', 'chf', 123450],
    ['1 250,500', 'kwd', 1250500],
    ['1 250', 'kwd', 1250000],
    // Yen have no decimals: a point or comma before three digits can only group thousands.
    ['1.500', 'jpy', 1500],
    ['1,500', 'jpy', 1500],
    ['¥12.345', 'jpy', 12345],
    // The currency's own sign or code, before or after.
    ['12 €', 'eur', 1200],
    ['$12', 'usd', 1200],
    ['$ 12', 'cad', 1200],
    ['12 kr', 'sek', 1200],
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
    // A lone comma with three digits after it, in three-decimal dinars: 1,250 or 1.250?
    ['1,250', 'kwd'],
    ['12,500', 'bhd'],
    ['0,500', 'usd'],
    ['1,5', 'jpy'],
    ['1.5', 'jpy'],
    ['1.2345', 'jpy'],
    ['1.234,567', 'usd'],
    ['1,234,5', 'usd'],
    ['1.23.4', 'usd'],
    ['1.234,50.00', 'usd'],
    ['12.34,50', 'usd'],
    ['12 34', 'usd'],
    ['1234 567', 'usd'],
    ['1  234', 'usd'],
    ['0 500', 'usd'],
    ['1 234.567,89', 'usd'],
    ["1 234'567", 'usd'],
    ['1 234,50,1', 'usd'],
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

describe('readMoney says why, and moneyProblemWords says it as staff read it', () => {
  const words = (text: string, currency: string) => {
    const read = readMoney(text, currency);
    return 'problem' in read ? moneyProblemWords(read.problem, text, currency, 'the cash handed over') : read;
  };

  it('refuses a lone comma before three digits in a three-decimal currency as unclear, naming both readings', () => {
    expect(readMoney('1,250', 'kwd')).toEqual({
      problem: { kind: 'unclear_comma', decimals: 3, asThousands: 1_250_000, asDecimals: 1250 },
    });
    expect(words('1,250', 'kwd')).toBe(
      '“1,250” is unclear: in KWD a comma may group thousands or start the 3 decimals. For KWD\u00a01,250.000 type 1250; for KWD\u00a01.250 type 1.250.',
    );
    expect(words('12,500', 'tnd')).toBe(
      '“12,500” is unclear: in TND a comma may group thousands or start the 3 decimals. For TND\u00a012,500.000 type 12500; for TND\u00a012.500 type 12.500.',
    );
    // Both suggestions read as they say.
    expect(parseMoney('1250', 'kwd')).toBe(1_250_000);
    expect(parseMoney('1.250', 'kwd')).toBe(1250);
  });

  it('says a minus is below zero', () => {
    for (const text of ['-5', '−5.00', '−$5.00', '$-5', '- 5'])
      expect(readMoney(text, 'usd'), text).toEqual({ problem: { kind: 'negative' } });
    expect(words('-5', 'usd')).toBe(
      '“-5” is below zero: type the cash handed over without a minus, like 25.00.',
    );
  });

  it('refuses another currency’s sign or code naming this one, and takes its own', () => {
    for (const [text, currency, name] of [
      ['$12', 'eur', 'US dollars'],
      ['12 GBP', 'eur', 'British pounds'],
      ['£12.50', 'usd', 'pounds'],
      ['R$ 12', 'usd', 'Brazilian reals'],
      ['12 usd', 'jpy', 'US dollars'],
      ['€1 234,50', 'chf', 'euros'],
      ['-$5', 'eur', 'US dollars'],
    ] as const)
      expect(readMoney(text, currency), `${text} in ${currency}`).toEqual({
        problem: { kind: 'other_currency', name },
      });
    expect(words('$12', 'eur')).toBe(
      '“$12” is in US dollars, and amounts here are in euros (EUR): type the cash handed over in euros, like 25.00.',
    );
    expect(readMoney('€12', 'eur')).toEqual({ minor: 1200 });
    expect(readMoney('12 EUR', 'eur')).toEqual({ minor: 1200 });
    // Words that are no currency are merely not an amount.
    expect(readMoney('12 apples', 'usd')).toEqual({ problem: { kind: 'unreadable' } });
    expect(readMoney('abc12', 'usd')).toEqual({ problem: { kind: 'unreadable' } });
    // A lone letter is more likely "12 K" (thousands) or a slip than a rand or a kyat.
    expect(readMoney('12 K', 'eur')).toEqual({ problem: { kind: 'unreadable' } });
  });

  it('refuses another currency’s name in words, saying which it is and which this one is', () => {
    for (const [text, currency, name] of [
      ['12 dollars', 'eur', 'dollars'],
      ['12 Dollars', 'eur', 'dollars'],
      ['1 dollar', 'eur', 'dollars'],
      ['12 US dollars', 'eur', 'US dollars'],
      // Canadian dollars' own "dollars" does not hide the "US".
      ['12 US dollars', 'cad', 'US dollars'],
      ['12 Swiss francs', 'eur', 'Swiss francs'],
      ['12 francs', 'eur', 'francs'],
      ['Fr. 12.-', 'eur', 'Swiss francs'],
      ['12 euros', 'usd', 'euros'],
      ['12 euro', 'usd', 'euros'],
      ['12 pounds', 'usd', 'pounds'],
      ['12 yen', 'usd', 'Japanese yen'],
      ['KD 1.250', 'tnd', 'Kuwaiti dinars'],
      ['12 dinars', 'usd', 'dinars'],
    ] as const)
      expect(readMoney(text, currency), `${text} in ${currency}`).toEqual({
        problem: { kind: 'other_currency', name },
      });
    expect(words('12 dollars', 'eur')).toBe(
      '“12 dollars” is in dollars, and amounts here are in euros (EUR): type the cash handed over in euros, like 25.00.',
    );
    expect(words('12 Swiss francs', 'eur')).toBe(
      '“12 Swiss francs” is in Swiss francs, and amounts here are in euros (EUR): type the cash handed over in euros, like 25.00.',
    );
    expect(words('12 euros', 'usd')).toBe(
      '“12 euros” is in euros, and amounts here are in US dollars (USD): type the cash handed over in US dollars, like 25.00.',
    );
    expect(words('12 dollars', 'kwd')).toBe(
      '“12 dollars” is in dollars, and amounts here are in Kuwaiti dinars (KWD): type the cash handed over in Kuwaiti dinars, like 25.000.',
    );
    // A sign several currencies share, and whose words differ (kronor, kroner), names none.
    expect(readMoney('12 kr', 'eur')).toEqual({ problem: { kind: 'other_currency' } });
    expect(words('12 kr', 'eur')).toBe(
      '“12 kr” is in another currency, and amounts here are in euros (EUR): type the cash handed over in euros, like 25.00.',
    );
    // Each in its own currency is an amount.
    for (const [text, currency, minor] of [
      ['12 US dollars', 'usd', 1200],
      ['12 dollars', 'cad', 1200],
      ['12 francs', 'xof', 12],
      ['12 kr', 'nok', 1200],
    ] as const)
      expect(readMoney(text, currency), `${text} in ${currency}`).toEqual({ minor });
  });

  it('reads the currency written as words, and the Swiss "Fr." and round "12.-", only for their own currency', () => {
    for (const [text, currency, minor] of [
      ['12 euros', 'eur', 1200],
      ['1 euro', 'eur', 100],
      ['12 Swiss francs', 'chf', 1200],
      ['12 francs', 'chf', 1200],
      ['Fr. 12.-', 'chf', 1200],
      ['12.- Fr.', 'chf', 1200],
      ["SFr. 1'234.50", 'chf', 123450],
      ['1.234,-', 'eur', 123400],
      ['12,–', 'eur', 1200],
      ['12.--', 'usd', 1200],
      ['12 dollars', 'usd', 1200],
      ['2500.-', 'jpy', 2500],
      ['1.500,-', 'jpy', 1500],
      ['12 kronor', 'sek', 1200],
      ['12 dinars', 'kwd', 12000],
      // The dinars' and rials' own abbreviations, Latin and Arabic, as their price tags write them.
      ['KD 1.250', 'kwd', 1250],
      ['1.250 KD', 'kwd', 1250],
      ['1.250 د.ك', 'kwd', 1250],
      ['BD 12.500', 'bhd', 12500],
      ['JD 3', 'jod', 3000],
      ['R.O. 2.500', 'omr', 2500],
      ['12.500 DT', 'tnd', 12500],
      ['LD 5', 'lyd', 5000],
    ] as const)
      expect(readMoney(text, currency), `${text} in ${currency}`).toEqual({ minor });
    // Another currency's words are not read as this one's; a dash alone, or twice, is no amount.
    for (const [text, currency] of [
      ['Fr. 12', 'eur'],
      ['12 dollars', 'eur'],
      ['12-', 'usd'],
      ['.-', 'usd'],
      ['12.-.-', 'usd'],
      ['-12.-', 'usd'],
    ] as const)
      expect(readMoney(text, currency), `${text} in ${currency}`).not.toHaveProperty('minor');
  });

  it('reads a point or comma before three digits in yen as thousands, never as decimals', () => {
    expect(readMoney('1.234', 'jpy')).toEqual({ minor: 1234 });
    expect(words('1.5', 'jpy')).toBe(
      '“1.5” has decimals, and JPY amounts have none: type whole JPY, like 2500.',
    );
  });

  it('reads thousands grouped by a space, no-break or narrow no-break space, as a spreadsheet copies them', () => {
    for (const [text, currency, minor] of [
      ['1 234,50', 'eur', 123450],
      ['1 234.50', 'eur', 123450],
      ['1\u00a0234,50', 'usd', 123450],
      ['1\u00a0234.50', 'usd', 123450],
      ['1\u202f234,50', 'chf', 123450],
      ['1\u202f234.50', 'chf', 123450],
      ['1\u202f234,50\u00a0€', 'eur', 123450],
      ['12\u202f345\u202f678', 'jpy', 12345678],
      ['1 234,500', 'kwd', 1234500],
    ] as const)
      expect(readMoney(text, currency), JSON.stringify(text)).toEqual({ minor });
  });

  it('reads Arabic-Indic, Persian and full-width digits and marks as the same amount in ASCII digits', () => {
    for (const [text, currency, minor] of [
      ['\u0661\u0662\u066b\u0665\u0660\u0660', 'kwd', 12500], // ١٢٫٥٠٠
      ['\u0661\u066c\u0662\u0663\u0664\u066b\u0665\u0660', 'usd', 123450], // ١٬٢٣٤٫٥٠
      ['KD \u0661\u066b\u0662\u0665\u0660', 'kwd', 1250],
      ['\u06f2\u06f5\u06f0\u06f0', 'jpy', 2500], // ۲۵۰۰
      ['\uffe5\uff12\uff0c\uff15\uff10\uff10', 'jpy', 2500], // ￥２，５００
      ['\uff11\uff12\uff0e\uff15\uff10', 'usd', 1250], // １２．５０
      ['\uff04\uff11\uff12', 'usd', 1200], // ＄１２
    ] as const)
      expect(readMoney(text, currency), JSON.stringify(text)).toEqual({ minor });
    // Read as the same text in ASCII digits: unclear stays unclear, another currency is named.
    expect(readMoney('\u0661\u066c\u0662\u0665\u0660', 'kwd')).toEqual(readMoney('1,250', 'kwd'));
    expect(readMoney('\uff04\uff11\uff12', 'eur')).toEqual(readMoney('$12', 'eur'));
    expect(readMoney('\uff0d\uff15', 'usd')).toEqual({ problem: { kind: 'negative' } });
  });

  it('says why a space- or apostrophe-grouped amount is not one when the groups are not threes', () => {
    for (const [text, by] of [
      ['12 34,50', 'space'],
      ['1 2345', 'space'],
      ['1234 567', 'space'],
      ['0 500', 'space'],
      ['1\u202f23,50', 'space'],
      ["12'34.50", 'apostrophe'],
    ] as const)
      expect(readMoney(text, 'eur'), JSON.stringify(text)).toEqual({
        problem: { kind: 'uneven_groups', by },
      });
    expect(words('12 34,50', 'eur')).toBe(
      '“12 34,50” is not an amount: a space groups thousands, three digits after each, as 1 234,50; or type the cash handed over without them, like 25.00.',
    );
    expect(words("12'34.50", 'chf')).toBe(
      "“12'34.50” is not an amount: an apostrophe groups thousands, three digits after each, as 1'234.50; or type the cash handed over without them, like 25.00.",
    );
    expect(words('12 34', 'jpy')).toBe(
      '“12 34” is not an amount: a space groups thousands, three digits after each, as 1 234; or type the cash handed over without them, like 2500.',
    );
    expect(words('1 23,5', 'kwd')).toBe(
      '“1 23,5” is not an amount: a space groups thousands, three digits after each, as 1 234,500; or type the cash handed over without them, like 25.000.',
    );
    // Anything else around the spaces is merely not an amount.
    expect(words('1 300,5.0', 'eur')).toBe(
      '“1 300,5.0” is not an amount: type the cash handed over in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    );
    expect(words('1 234,567', 'eur')).toBe(
      '“1 234,567” has more than 2 digits after the decimal mark, and EUR amounts have 2: type it like 25.00.',
    );
  });
});

describe('amountReadBack: a three-decimal currency says what the typed amount was read as', () => {
  it('reads a point before three digits as dinars and fils, and says so; 1,250 dinars reads back unlike it', () => {
    expect(amountReadBack('1.250', 'kwd')).toBe('Read as KWD\u00a01.250');
    expect(amountReadBack('KD 1.250', 'kwd')).toBe('Read as KWD\u00a01.250');
    expect(amountReadBack('1250', 'kwd')).toBe('Read as KWD\u00a01,250.000');
    expect(amountReadBack('1 250', 'bhd')).toBe('Read as BHD\u00a01,250.000');
    expect(amountReadBack('1.234,500', 'jod')).toBe('Read as JOD\u00a01,234.500');
    expect(amountReadBack('12.5', 'omr')).toBe('Read as OMR\u00a012.500');
    expect(amountReadBack('12.500 DT', 'tnd')).toBe('Read as TND\u00a012.500');
    expect(withReadBack(amountReadBack('2.000', 'kwd'), 'Enter to complete the sale')).toBe(
      'Read as KWD\u00a02.000. Enter to complete the sale',
    );
  });

  it('says nothing for nothing typed, for what is not an amount, and in two- or no-decimal currencies', () => {
    expect(amountReadBack('', 'kwd')).toBeNull();
    expect(amountReadBack('1,250', 'kwd')).toBeNull(); // refused as unclear, saying both readings
    expect(amountReadBack('12 dollars', 'kwd')).toBeNull();
    expect(amountReadBack('1.25', 'usd')).toBeNull();
    expect(amountReadBack('1.250', 'jpy')).toBeNull();
    expect(withReadBack(null, 'Enter to complete the sale')).toBe('Enter to complete the sale');
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
