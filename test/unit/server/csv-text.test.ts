import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  isoColumn,
  localColumn,
  majorColumn,
} from '../../../src/server/domain/csv-text.js';
import { venueDateTime } from '../../../src/shared/business-day.js';
import { currencyCodes, minorUnitDigits } from '../../../src/shared/currencies.js';
import { minorToDecimal } from '../../../src/shared/money.js';
import { toIso } from '../../../src/server/time.js';

describe('CSV cells (domain/csv-text.ts)', () => {
  it('quotes separators, quotes and line breaks; an apostrophe before a would-be formula', () => {
    const cases: [string | number | null, string][] = [
      [null, ''],
      ['', ''],
      [0, '0'],
      [1250, '1250'],
      ['Plain Name', 'Plain Name'],
      ['Zoë Ångström 李小龍 😀', 'Zoë Ångström 李小龍 😀'],
      ['Smith, Jo', '"Smith, Jo"'],
      ['Ada "the Countess" Lovelace', '"Ada ""the Countess"" Lovelace"'],
      ['"', '""""'],
      ['Two\nLines', '"Two\nLines"'],
      ['Carriage\r\nReturn', '"Carriage\r\nReturn"'],
      ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
      ['=', "'="],
      ['+1 555 0100', "'+1 555 0100"],
      ['-2+3', "'-2+3"],
      ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
      ['\tTabbed', "'\tTabbed"],
      ['\rReturn first', `"'\rReturn first"`],
      ["'already", "'already"],
      [' =spaced', ' =spaced'],
      ['a=b', 'a=b'],
      [',lead', '",lead"'],
    ];
    for (const [value, written] of cases) expect(csvCell(value), JSON.stringify(value)).toBe(written);
    expect(csvLine(['a,b', null, 3, '=x'])).toBe(`"a,b",,3,'=x\r\n`);
  });

  it('timestamps: what toIso writes, as a cell, across seconds, days and years (the day is cached)', () => {
    const iso = isoColumn();
    const day = 86_400_000;
    const stamps = [
      Date.UTC(2030, 11, 24, 19, 0, 0, 250),
      Date.UTC(2030, 11, 24, 19, 0, 0, 251),
      Date.UTC(2030, 11, 24, 23, 59, 59, 999),
      Date.UTC(2030, 11, 25),
      Date.UTC(2030, 11, 24, 0, 0, 0, 1),
      Date.UTC(2024, 1, 29, 12),
      Date.UTC(2024, 2, 1),
      0,
      1,
      999,
      1000,
      -1,
      -999,
      -1000,
      -1001,
      -day,
      -day - 1,
      1.5,
      253_402_300_799_999,
      253_402_300_800_000,
      -62_167_219_200_000,
      -62_167_219_200_001,
      8.64e15,
      -8.64e15,
      Date.UTC(12345, 6, 7, 8, 9, 10, 11),
    ];
    for (let i = 0; i < 5000; i++) stamps.push(1_764_000_000_000 + i * 211 + (i % 7) * 999);
    for (const ms of stamps) expect(iso(ms), String(ms)).toBe(csvCell(toIso(ms)));
    // A year toIso writes with a sign starts with + or -: a cell, so it takes the apostrophe too.
    expect(iso(-62_167_219_200_001)).toBe("'-000001-12-31T23:59:59.999Z");
  });

  it('local times: what venueDateTime writes, zone by zone, across the nights the clocks change', () => {
    const local = localColumn();
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    const nights = [
      Date.UTC(2026, 2, 29, 0, 0), // Berlin springs forward at 01:00 UTC
      Date.UTC(2026, 9, 25, 0, 0), // and falls back
      Date.UTC(2026, 10, 1, 5, 0), // New York falls back
      Date.UTC(2026, 9, 3, 15, 0), // Lord Howe: half an hour forward
      Date.UTC(2026, 11, 5, 22, 0), // a Berlin midnight
    ];
    for (const night of nights) {
      for (let i = 0; i < 400; i++) {
        const ms = night + i * 37_001;
        // Zones interleaved, as an export of several events' orders reads them.
        for (const zone of zones) {
          expect(local(ms, zone), `${ms} ${zone}`).toBe(venueDateTime(toIso(ms), zone));
        }
      }
    }
    expect(local(Date.parse('2026-12-05T23:00:00Z'), 'Europe/Berlin')).toBe('2026-12-06 00:00');
    expect(local(null, 'UTC')).toBe('');
  });

  it('amounts: what minorToDecimal writes in every currency, as a cell, whatever the currency before', () => {
    const major = majorColumn();
    const minors = [
      0,
      1,
      5,
      9,
      10,
      59,
      60,
      99,
      100,
      101,
      999,
      1000,
      1005,
      2500,
      123_456_789,
      2 ** 52 - 1,
      2 ** 52,
      2 ** 53,
      -1,
      -5,
      -2500,
      0.5,
    ];
    for (const currency of [...currencyCodes, 'USD', 'JPY', 'xts']) {
      for (const minor of minors) {
        expect(major(minor, currency), `${minor} ${currency}`).toBe(
          csvCell(minorToDecimal(minor, minorUnitDigits(currency))),
        );
      }
    }
    expect([major(2500, 'usd'), major(2500, 'jpy'), major(1250, 'kwd'), major(-5, 'usd')]).toEqual([
      '25.00',
      '2500',
      '1.250',
      "'-0.05",
    ]);
  });
});
