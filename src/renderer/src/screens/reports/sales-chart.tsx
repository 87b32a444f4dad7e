import { formatMoney } from '../../lib/money.js';
import { chartSpanWords, salesChart, type SalesBucket } from '../../lib/sales-chart.js';

const width = 600;
const height = 160;

/** Sales over time as a running total, plain SVG (no chart library for one line), on the event's clock. */
export function SalesChart({
  series,
  bucketMinutes,
  currency,
  timeZone,
}: {
  series: readonly SalesBucket[];
  bucketMinutes: number;
  currency: string;
  timeZone: string;
}) {
  const chart = salesChart(series, width, height, bucketMinutes);
  if (!chart.points) return <p className="muted">No sales yet.</p>;
  return (
    <figure className="sales-over-time">
      <svg
        className="sales-chart"
        viewBox={`-4 -4 ${width + 8} ${height + 8}`}
        role="img"
        aria-label={`Sales over time, up to ${formatMoney(chart.maxCents, currency)}`}
      >
        <line x1={0} y1={height} x2={width} y2={height} stroke="currentColor" strokeOpacity={0.3} />
        <polyline points={chart.points} />
      </svg>
      <figcaption className="muted small">
        {chartSpanWords(chart, timeZone)} · running total up to {formatMoney(chart.maxCents, currency)}
      </figcaption>
    </figure>
  );
}
