import { describe, expect, it } from 'vitest';
import { csvFileName, exportTimeZone, parseCsv } from '../../../src/renderer/src/lib/csv-download.js';

describe('CSV downloads', () => {
  it("names the file by what, which event and the venue's day", () => {
    expect(csvFileName('attendees', 'evt_123', new Date('2026-12-31T23:59:00Z'), 'UTC')).toBe(
      'attendees-evt_123-2026-12-31.csv',
    );
    // 00:30 in New York after the 23 Nov show is 05:30 UTC on the 24th: named for the 24th there,
    // and 19:30 on the 23rd (00:30 UTC on the 24th) for the 23rd, whatever the till's zone.
    expect(csvFileName('orders', 'evt_9', new Date('2026-11-24T05:30:00Z'), 'America/New_York')).toBe(
      'orders-evt_9-2026-11-24.csv',
    );
    expect(csvFileName('scans', 'evt_9', new Date('2026-11-24T00:30:00Z'), 'America/New_York')).toBe(
      'scans-evt_9-2026-11-23.csv',
    );
    // Just after midnight in Berlin is still the day before in UTC and on a New York laptop.
    expect(csvFileName('attendees', 'evt_9', new Date('2026-11-23T23:30:00Z'), 'Europe/Berlin')).toBe(
      'attendees-evt_9-2026-11-24.csv',
    );
  });

  it("takes the event's zone, else the venue's, else the till's", () => {
    expect(exportTimeZone('Asia/Tokyo', 'Europe/Berlin', 'UTC')).toBe('Asia/Tokyo');
    expect(exportTimeZone(undefined, 'Europe/Berlin', 'UTC')).toBe('Europe/Berlin');
    expect(exportTimeZone(undefined, undefined, 'UTC')).toBe('UTC');
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
