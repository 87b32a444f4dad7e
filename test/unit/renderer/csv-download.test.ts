import { describe, expect, it } from 'vitest';
import { csvFileName, parseCsv } from '../../../src/renderer/src/lib/csv-download.js';

describe('CSV downloads', () => {
  it('names the file by what, which event and the local day', () => {
    expect(csvFileName('attendees', 'evt_123', new Date(2026, 11, 31, 23, 59))).toBe(
      'attendees-evt_123-2026-12-31.csv',
    );
    expect(csvFileName('scans', 'evt_9', new Date(2027, 0, 2, 0, 1))).toBe('scans-evt_9-2027-01-02.csv');
  });

  it('reads quoted fields, doubled quotes, commas and newlines inside quotes, CRLF rows', () => {
    const csv = 'id,name,note\r\natt_1,"Lee, Ada","said ""hi"""\r\natt_2,Bo,"two\nlines"\r\n';
    expect(parseCsv(csv)).toEqual([
      ['id', 'name', 'note'],
      ['att_1', 'Lee, Ada', 'said "hi"'],
      ['att_2', 'Bo', 'two\nlines'],
    ]);
  });

  it('keeps empty fields and a last row without a newline', () => {
    expect(parseCsv('a,,c\n,,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});
