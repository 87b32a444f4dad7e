import { dayToTheMinute } from '../../../shared/attendee-time.js';
/** The browser's `datetime-local` inputs speak local wall time without a zone; the API speaks ISO. */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-24T19:00:00Z" → "2026-12-24T20:00" in a UTC+1 browser; null/empty → "". */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's local wall time as ISO with a UTC offset (Z), or null when empty or not a time. */
export function localInputToIso(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', dayToTheMinute);
}
