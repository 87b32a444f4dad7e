/**
 * Wall times in an event's own time zone. A `datetime-local` input has no zone, and the browser
 * would read it in the till's: a London laptop setting up a New York show must still mean New
 * York's 19:00. Intl alone does the arithmetic (offsets come from the browser's time-zone data).
 */
import { dayToTheMinute, timeZoneLabel } from '../../../shared/attendee-time.js';
import { repeatedWallTime } from '../../../shared/repeated-hour.js';
import { wallClockMs, wallDateTime } from '../../../shared/zone-clock.js';

const dayMs = 24 * 60 * 60_000;

/** The zone this till (browser) runs in. */
export function tillTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, for the form's list; `extra` (the event's, the server's) first. */
export function knownTimeZones(...extra: readonly string[]): string[] {
  return [...new Set([...extra.filter(Boolean), 'UTC', ...Intl.supportedValuesOf('timeZone')])];
}

/** Two names for the same zone (`Asia/Kolkata`, `Asia/Calcutta`) are the same zone. */
export function sameTimeZone(a: string, b: string): boolean {
  const canonical = (zone: string) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      return zone;
    }
  };
  return canonical(a) === canonical(b);
}

const cached = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build and zones few: one per zone and purpose, kept. */
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = cached.get(key);
  if (!found) {
    found = make();
    cached.set(key, found);
  }
  return found;
}

/** "2026-12-25T00:00:00Z" in America/New_York → "2026-12-24T19:00", for a `datetime-local` input. */
export function isoToWallTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return wallDateTime(ms, zone);
}

export type WallTimeReading =
  | { iso: string }
  /** Not a date and time at all (empty, or 31 February). */
  | { problem: 'unreadable' }
  /** A time the clocks skip that night (02:30 when they go from 02:00 to 03:00). */
  | { problem: 'skipped' };

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Which of the two moments a wall time in the hour the clocks go back names: the `first` (still
 * summer time) or the `second` (after the clocks went back).
 */
export type RepeatedPick = 'first' | 'second';

/**
 * The instant a `datetime-local` value names in `zone`. A time that happens twice (the hour the
 * clocks go back) is the first of the two, as a printed timetable would mean it, unless `pick`
 * says the second; a time the clocks skip is not moved to one that exists but refused, so nobody
 * sells tickets for a time that is not.
 */
export function wallTimeToIso(value: string, zone: string, pick: RepeatedPick = 'first'): WallTimeReading {
  const instants = wallTimeInstants(value, zone);
  if (instants === null) return { problem: 'unreadable' };
  const chosen = pick === 'second' ? instants[instants.length - 1] : instants[0];
  return chosen === undefined ? { problem: 'skipped' } : { iso: new Date(chosen).toISOString() };
}

/** Every instant (ms, earliest first) a wall time names in `zone`: none, one, or two; null when unreadable. */
function wallTimeInstants(value: string, zone: string): number[] | null {
  const match = wallPattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) {
    return null;
  }
  // The offsets a day either side cover both sides of any one change of the clocks near the time.
  const offsets = new Set([asUtc - dayMs, asUtc, asUtc + dayMs].map((ms) => wallClockMs(ms, zone) - ms));
  return [...offsets]
    .map((offset) => asUtc - offset)
    .filter((ms) => wallClockMs(ms, zone) === asUtc)
    .sort((a, b) => a - b);
}

export interface RepeatedChoice {
  pick: RepeatedPick;
  iso: string;
  /** "02:30 (first, BST +01:00)": the time, which of the two, and the clock's name and offset then. */
  label: string;
}

/** "+05:45", "−04:00": the zone's offset from UTC at instant `ms`. */
function offsetWords(ms: number, zone: string): string {
  const minutes = Math.round((wallClockMs(ms, zone) - ms) / 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '−' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/**
 * The two moments a wall time names in the hour the clocks go back, for the person to choose
 * between; null when it names one moment, or none (skipped, unreadable).
 */
export function repeatedChoices(value: string, zone: string): [RepeatedChoice, RepeatedChoice] | null {
  let instants: number[] | null;
  try {
    instants = wallTimeInstants(value, zone);
  } catch {
    // A zone half typed in the event form is no zone yet: its own field says so.
    return null;
  }
  if (!instants || instants.length < 2) return null;
  const time = value.trim().slice(11, 16);
  const choice = (pick: RepeatedPick, ms: number): RepeatedChoice => ({
    pick,
    iso: new Date(ms).toISOString(),
    label: `${time} (${pick}, ${zoneShortName(zone, ms)} ${offsetWords(ms, zone)})`,
  });
  return [choice('first', instants[0]!), choice('second', instants[instants.length - 1]!)];
}

/** Which of the two an instant in the repeated hour is ('first' for any other time), for a form showing it. */
export function repeatedPickOf(iso: string | null | undefined, zone: string): RepeatedPick {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) && repeatedWallTime(ms, zone) === 'after' ? 'second' : 'first';
}

/** A time the clocks skip in the event's zone, in words: "02:30 does not exist on … in New York time". */
function skippedTimeWords(value: string, zone: string): string {
  const [date = '', time = ''] = value.trim().split('T');
  const day = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${time.slice(0, 5)} does not exist on ${day} in ${timeZoneLabel(zone)}: the clocks go forward that night. Pick a time before or after the change.`;
}

/** A form's wall time on the event's clock: the instant, or what is wrong with it in words. */
export function readWallTime(
  value: string,
  zone: string,
  unreadable: string,
  pick: RepeatedPick = 'first',
): { iso: string } | { problem: string } {
  const reading = wallTimeToIso(value, zone, pick);
  if ('iso' in reading) return reading;
  return { problem: reading.problem === 'skipped' ? skippedTimeWords(value, zone) : unreadable };
}

/** "EST", "BST", "GMT+13": the short name people read on a clock, at that instant. */
export function zoneShortName(zone: string, ms: number): string {
  const nameIn = (locale: string) =>
    formatter(`name ${locale} ${zone}`, () => {
      return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    })
      .formatToParts(ms)
      .find((part) => part.type === 'timeZoneName')?.value;
  // en-US names American zones (EST), en-GB British and European ones (BST, CET); both fall back
  // to an offset (GMT+9) for the rest.
  const american = nameIn('en-US') ?? zone;
  if (!american.startsWith('GMT')) return american;
  const british = nameIn('en-GB');
  return british && !/^(GMT|UTC)[+−-]/.test(british) ? british : american;
}

/**
 * How the box office writes an event time: in full, day and time only for a tile, or the time
 * alone where the day is already said (the end of a span on the day it began).
 */
const eventTimeStyles = {
  full: dayToTheMinute,
  short: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * "Thu 24 Dec 2026, 19:00" on the event's clock, as the box office shows event times; with the
 * zone's short name ("… 19:00 EST") when the till is in another zone, so nobody reads it as local,
 * and in the hour the clocks go back, when "02:30" alone would be either of two ("… 02:30 CEST").
 * `short` writes "24 Dec 19:00", for a till's tier tile; `time` writes "19:00".
 */
export function formatEventTime(
  iso: string | null | undefined,
  zone: string,
  tillZone: string = tillTimeZone(),
  style: keyof typeof eventTimeStyles = 'full',
): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  const text = formatter(`show ${style} ${zone}`, () => {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...eventTimeStyles[style] });
  }).format(ms);
  const named = !sameTimeZone(zone, tillZone) || repeatedWallTime(ms, zone) !== null;
  return named ? `${text} ${zoneShortName(zone, ms)}` : text;
}
