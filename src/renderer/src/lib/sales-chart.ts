import { wallDateTime } from '../../../shared/zone-clock.js';
import { formatEventTime, tillTimeZone } from './zoned-time.js';

/**
 * The sales-over-time chart drawn as plain SVG (no chart library): the running total of sales,
 * one point per bucket of the report's series, scaled into the drawing box.
 */
export interface SalesBucket {
  /** Start of the bucket (ISO time). */
  at: string;
  /** Sales taken in the bucket, minor units. */
  cents: number;
}

export interface ChartGeometry {
  /** The SVG polyline's points, "x,y x,y …"; empty when there is nothing to draw. */
  points: string;
  /** The highest running total, the top of the scale (at least 1). */
  maxCents: number;
  /** Start of the first bucket with sales. */
  firstAt: number | null;
  /**
   * End of the last bucket with sales: its start plus the bucket's width, as a sale at 15:29 in
   * the 15:15 bucket was still taken after 15:15.
   */
  endAt: number | null;
}

export function salesChart(
  series: readonly SalesBucket[],
  width: number,
  height: number,
  bucketMinutes: number,
): ChartGeometry {
  const buckets = series
    .map((b) => ({ at: Date.parse(b.at), cents: b.cents }))
    .filter((b) => !Number.isNaN(b.at))
    .sort((a, b) => a.at - b.at);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (!first || !last) return { points: '', maxCents: 0, firstAt: null, endAt: null };
  let running = 0;
  const totals = buckets.map((b) => ({ at: b.at, total: (running += b.cents) }));
  const maxCents = Math.max(running, ...totals.map((t) => t.total), 1);
  const span = last.at - first.at;
  const x = (at: number) => (span === 0 ? width : ((at - first.at) / span) * width);
  const y = (total: number) => height - (Math.max(0, total) / maxCents) * height;
  // Starts from zero at the first bucket's start, so a single bucket still draws a rising line.
  const points = [`0,${height}`, ...totals.map((t) => `${round(x(t.at))},${round(y(t.total))}`)].join(' ');
  return { points, maxCents, firstAt: first.at, endAt: last.at + bucketMinutes * 60_000 };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The chart's span in words, on the event's clock: "1 Dec, 10:00 – 24 Dec, 19:45" (each time with
 * the zone's short name on a till in another zone). With the day, as pre-sales run for weeks; the
 * end's day only when it is not the start's ("2 Dec, 15:00 – 15:30"), as one day twice reads as two.
 */
export function chartSpanWords(
  chart: Pick<ChartGeometry, 'firstAt' | 'endAt'>,
  zone: string,
  tillZone: string = tillTimeZone(),
): string {
  if (chart.firstAt === null || chart.endAt === null) return '';
  const at = (ms: number, style: 'short' | 'time') =>
    formatEventTime(new Date(ms).toISOString(), zone, tillZone, style);
  const day = (ms: number) => wallDateTime(ms, zone).slice(0, 10);
  const sameDay = day(chart.firstAt) === day(chart.endAt);
  return `${at(chart.firstAt, 'short')} – ${at(chart.endAt, sameDay ? 'time' : 'short')}`;
}
