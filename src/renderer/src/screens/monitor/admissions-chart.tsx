import { formatClock } from '../../lib/humanize.js';
import { niceCeiling, type MinuteBucket } from '../../lib/scan-minutes.js';

const width = 760;
const height = 210;
const margin = { top: 12, right: 10, bottom: 26, left: 36 };
const plotW = width - margin.left - margin.right;
const plotH = height - margin.top - margin.bottom;

/**
 * Admissions per minute over the last hour as stacked bars (green in, red turned away), drawn
 * as plain SVG: sixty rectangles need no chart library, and the picture scales with the panel.
 */
export function AdmissionsChart({ buckets }: { buckets: readonly MinuteBucket[] }) {
  const top = niceCeiling(Math.max(0, ...buckets.map((b) => b.admitted + b.rejected)));
  const slot = plotW / Math.max(1, buckets.length);
  const barW = Math.max(1, slot - 2);
  const y = (n: number) => margin.top + plotH - (n / top) * plotH;
  const admitted = buckets.reduce((sum, b) => sum + b.admitted, 0);
  const rejected = buckets.reduce((sum, b) => sum + b.rejected, 0);
  const busiest = buckets.reduce<MinuteBucket | null>(
    (best, b) => (b.admitted > (best?.admitted ?? 0) ? b : best),
    null,
  );
  const summary =
    `Admissions per minute, last ${buckets.length} minutes: ${admitted} admitted, ${rejected} turned away` +
    (busiest ? `; busiest minute ${formatClock(busiest.start)} with ${busiest.admitted}.` : '.');
  const ticks = top <= 1 ? [0, 1] : [0, top / 2, top];

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        data-admitted={admitted}
        data-rejected={rejected}
        className="chart-svg"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? 'chart-axis' : 'chart-grid'}
            />
            <text x={margin.left - 6} y={y(tick) + 4} className="chart-label" textAnchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {buckets.map((b, i) => {
          const x = margin.left + i * slot + 1;
          const label = `${formatClock(b.start)}: ${b.admitted} admitted, ${b.rejected} turned away, ${b.exited} exits`;
          return (
            <g key={b.start} data-minute={b.start}>
              <title>{label}</title>
              {b.admitted > 0 ? (
                <rect
                  x={x}
                  y={y(b.admitted)}
                  width={barW}
                  height={y(0) - y(b.admitted)}
                  className="bar-admitted"
                />
              ) : null}
              {b.rejected > 0 ? (
                <rect
                  x={x}
                  y={y(b.admitted + b.rejected)}
                  width={barW}
                  height={y(b.admitted) - y(b.admitted + b.rejected)}
                  className="bar-rejected"
                />
              ) : null}
              {i % 10 === 0 || i === buckets.length - 1 ? (
                <text
                  x={x + barW / 2}
                  y={height - 8}
                  className="chart-label"
                  textAnchor={i === buckets.length - 1 ? 'end' : 'middle'}
                >
                  {i === buckets.length - 1 ? 'now' : formatClock(b.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        <span className="legend-swatch bar-admitted" aria-hidden="true" /> admitted
        <span className="legend-swatch bar-rejected" aria-hidden="true" /> turned away
        <span className="muted"> · per minute, by when the scan was made (late syncs fill in the past)</span>
      </figcaption>
    </figure>
  );
}
