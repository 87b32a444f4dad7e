/** Short, plain durations and clock times for the live screens ("3 min", "in 4 s", "20:41"). */

/** 42 → "42 s", 180 → "3 min", 3900 → "1 h 5 min", 93600 → "1 d 2 h". */
export function humanizeSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) {
    const minutes = Math.floor((s % 3600) / 60);
    return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  const hours = Math.floor((s % 86_400) / 3600);
  return `${Math.floor(s / 86_400)} d${hours ? ` ${hours} h` : ''}`;
}

/** A moment against now: "in 4 s", "3 min ago", "now"; "—" when there is none. */
export function relativeTo(iso: string | null | undefined, now: number): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = Math.round((at - now) / 1000);
  // The screens' clock ticks once a second, so a moment just past can read as "in 1 s": call it now.
  if (Math.abs(seconds) < 2) return 'now';
  return seconds > 0 ? `in ${humanizeSeconds(seconds)}` : `${humanizeSeconds(-seconds)} ago`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time, 24-hour: "20:41". */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local wall-clock time with seconds: "20:41:07". */
export function formatClockSeconds(ms: number): string {
  const d = new Date(ms);
  return `${formatClock(ms)}:${pad(d.getSeconds())}`;
}

/** "20:41" today, "24 Dec 20:41" on another day: a door offline since yesterday must say so. */
export function formatSince(ms: number, now: number): string {
  const d = new Date(ms);
  const today = new Date(now);
  const sameDay =
    d.getFullYear() === today.getFullYear() &&
    d.getMonth() === today.getMonth() &&
    d.getDate() === today.getDate();
  if (sameDay) return formatClock(ms);
  const month = d.toLocaleString('en-GB', { month: 'short' });
  return `${d.getDate()} ${month} ${formatClock(ms)}`;
}
