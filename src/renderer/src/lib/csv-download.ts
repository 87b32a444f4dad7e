/**
 * CSV exports (orders, attendees, scans) fetched with the till's own headers (API key, staff
 * session) and saved from a Blob (save-blob.ts): the key never goes into a URL, where it would
 * end up in history, logs and proxies. No DOM here, so tests in Node read saved files with it.
 */
import { wallDateTime } from '../../../shared/zone-clock.js';

export type CsvExport = 'orders' | 'attendees' | 'scans';

/**
 * "attendees-evt_123-2026-11-28.csv": what, for which event, on which day at the venue (`zone`'s
 * calendar at `now`). Not the till's: a laptop on another zone, or one on UTC, would name the
 * list saved at 00:30 after a New York show for the wrong day.
 */
export function csvFileName(kind: CsvExport, eventId: string, now: Date, zone: string): string {
  return `${kind}-${eventId}-${wallDateTime(now.getTime(), zone).slice(0, 10)}.csv`;
}

/**
 * The zone a download's day is named in: its event's, else the venue's (the server's zone in
 * Settings), else the till's while neither has loaded.
 */
export function exportTimeZone(
  eventZone: string | undefined,
  venueZone: string | undefined,
  tillZone: string,
): string {
  return eventZone ?? venueZone ?? tillZone;
}

/** "z-report-shf_123.csv": the name the server gives the same file (GET /v2/shifts/{id}/report?format=csv). */
export function zReportFileName(shiftId: string): string {
  return `z-report-${shiftId}.csv`;
}

/**
 * Rows of a CSV text (RFC 4180: quoted fields, doubled quotes, newlines inside quotes), for the
 * screen to say how many rows came and for tests to read what was saved.
 */
export function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && csv[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
