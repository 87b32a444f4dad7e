/**
 * What a zone's clock on the wall reads at an instant. Browser-safe: Intl alone (offsets come
 * from the runtime's time-zone data), shared by the box office's forms, the attendee texts and
 * the shift reports so they cannot disagree about a night the clocks change.
 */

/** Formatters are costly to build and zones few: one per zone, kept. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = wallFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's clock at instant `ms`, read back as if it were UTC (ms), to the second. */
export function wallClockMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  // Some engines still write midnight as 24 with h23.
  return Date.UTC(year, month - 1, day, hour % 24, minute, second);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The zone's clock at instant `ms` to the minute, as a `datetime-local` input writes it: "2026-12-24T19:00". */
export function wallDateTime(ms: number, zone: string): string {
  const wall = new Date(wallClockMs(ms, zone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
