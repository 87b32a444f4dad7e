import { repeatedWallTime } from './repeated-hour.js';

/**
 * Times as attendees read them (wallet, event page, mail, PDF ticket): in the event's own time
 * zone, to the minute, with the zone named, e.g. "Thu 26 Nov 2026, 19:00 (New York time)".
 * A ticket is read far from the venue server (a phone at home, a printout), so the server's or
 * the reader's zone would be wrong; the event's zone is where the doors are. Browser-safe.
 */

/** A day and a time to the minute, 24-hour clock: how attendees and the box office read times. */
export const dayToTheMinute = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

/** Formatters are costly to build (tens of µs) and zones are few: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US parts, assembled below: en-GB would write "Sept" for September in newer ICU versions.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...dayToTheMinute });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * How the zone is named to people: "New York time" for `America/New_York`, the name itself for
 * zones that are not a place (`UTC`, `EST`, `Etc/GMT+5`).
 */
export function timeZoneLabel(timeZone: string): string {
  if (!timeZone.includes('/') || timeZone.startsWith('Etc/')) return timeZone;
  const place = timeZone.slice(timeZone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  return `${place} time`;
}

/** Which of the two 02:30s of the night the clocks go back, in words. */
const repeatedWords = { before: 'before the clocks go back', after: 'after the clocks go back' } as const;

/**
 * `at` (ms since the epoch, or an ISO string) as "Thu 26 Nov 2026, 19:00 (New York time)". A time
 * the clocks show twice that night says which: "Sun 31 Oct 2027, 02:30 (Berlin time, before the
 * clocks go back)".
 */
export function formatAttendeeTime(at: number | string, timeZone: string): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return String(at);
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const repeated = repeatedWallTime(ms, timeZone);
  const zone = repeated ? `${timeZoneLabel(timeZone)}, ${repeatedWords[repeated]}` : timeZoneLabel(timeZone);
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} (${zone})`;
}

/** An IANA name's shape (`Area/Place`, `UTC`, `EST`); fixed offsets like `+01:00` are not names. */
const ianaShape = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * The zone as it will be stored, or null when `name` is not a time zone this runtime knows.
 * A name given in another case (`america/new_york`) gets its proper case; any other name is kept
 * as given, since the runtime's canonical form may be an older alias (`Asia/Kolkata` resolves to
 * `Asia/Calcutta`) and people should see the name they chose.
 */
export function normalizeTimeZone(name: string): string | null {
  if (name.length > 64 || !ianaShape.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

/** The machine's own zone: where an event without a zone of its own is assumed to be. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
