/**
 * How the till names a show that is over, in words a seller checks at a glance: "last night, Sat
 * 28 Nov at 20:00". Days and times are the event's own (its `timezone`), so a till in another zone
 * still reads the night the posters gave; the zone's short name follows when the till is elsewhere.
 */
import { wallClockMs } from '../../../shared/zone-clock.js';
import type { EventView } from '../api/types.js';
import { isPastEvent } from './event-season.js';
import { sameTimeZone, tillTimeZone, zoneShortName } from './zoned-time.js';

const dayMs = 24 * 60 * 60_000;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
/** From this hour on, yesterday's doors were "last night"; before it, "yesterday" (a matinee). */
const eveningFromHour = 17;

/** The local calendar day (as a UTC midnight) and the wall clock of `ms` in `zone`. */
function wall(ms: number, zone: string): { day: number; clock: Date } {
  const clock = new Date(wallClockMs(ms, zone));
  return { day: Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()), clock };
}

/**
 * When an ended show's doors opened, relative to `now` on the event's calendar: "earlier today,
 * Sun 29 Nov at 11:00", "last night, Sat 28 Nov at 20:00", "yesterday, Sat 28 Nov at 14:00", or
 * "on Thu 26 Nov at 20:00" (with the year when it is not this year's).
 */
export function endedWhen(event: EventView, now: number, tillZone: string = tillTimeZone()): string {
  const doorsMs = Date.parse(event.doors_at);
  const doors = wall(doorsMs, event.timezone);
  const today = wall(now, event.timezone);
  const c = doors.clock;
  const sameYear = c.getUTCFullYear() === today.clock.getUTCFullYear();
  const date = `${weekdays[c.getUTCDay()]} ${c.getUTCDate()} ${months[c.getUTCMonth()]}${sameYear ? '' : ` ${c.getUTCFullYear()}`}`;
  const zone = sameTimeZone(event.timezone, tillZone) ? '' : ` ${zoneShortName(event.timezone, doorsMs)}`;
  const at = `${date} at ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}${zone}`;
  const daysAgo = Math.round((today.day - doors.day) / dayMs);
  if (daysAgo === 0) return `earlier today, ${at}`;
  if (daysAgo === 1) return `${c.getUTCHours() >= eveningFromHour ? 'last night' : 'yesterday'}, ${at}`;
  return `on ${at}`;
}

/** The question a till asks before it sells for a show that is over. */
export function endedSaleQuestion(event: EventView, now: number, tillZone?: string): string {
  return `This show was ${endedWhen(event, now, tillZone)}. Sell tickets for it anyway?`;
}

/**
 * Published shows that are over, the latest first, at most `limit`: the "Ended" list under a
 * till's picker. Last night's show is there for the late sale a manager allows; last year's are
 * in Events, not here.
 */
export function recentlyEnded(events: readonly EventView[], now: number, limit = 3): EventView[] {
  return events
    .filter((e) => e.status === 'published' && isPastEvent(e, now))
    .sort((a, b) => Date.parse(b.doors_at) - Date.parse(a.doors_at))
    .slice(0, limit);
}
