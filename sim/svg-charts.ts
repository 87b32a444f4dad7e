/**
 * Two chart shapes drawn as plain SVG strings — a time chart (bars, lines, shaded stretches,
 * markers) and a stacked histogram — so the report is one self-contained HTML file with no
 * chart library to download.
 */
export interface Band {
  from: number;
  to: number;
  label: string;
  color: string;
}

export interface Marker {
  at: number;
  label: string;
}

export interface Series {
  name: string;
  color: string;
  /** [x, y] points, x ascending. */
  points: [number, number][];
  style: 'bars' | 'line' | 'area';
}

export interface TimeChart {
  title: string;
  xMin: number;
  xMax: number;
  xTicks: { at: number; label: string }[];
  yLabel: string;
  series: Series[];
  /** Width of one bar in x units (bar series). */
  barWidth?: number;
  bands?: Band[];
  markers?: Marker[];
}

const W = 880;
const H = 340;
const pad = { left: 64, right: 20, top: 44, bottom: 64 };

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A "nice" axis maximum and step (1, 2 or 5 × 10^k) so gridlines land on round numbers. */
function niceScale(max: number, ticks = 5): { max: number; step: number } {
  if (max <= 0) return { max: 1, step: 1 };
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  return { max: Math.ceil(max / step) * step, step };
}

function frame(
  title: string,
  yLabel: string,
  body: string[],
  legend: { name: string; color: string }[],
): string {
  const legendItems = legend
    .map((item, i) => {
      const x = pad.left + i * 190;
      return (
        `<rect x="${x}" y="${H - 22}" width="12" height="12" fill="${item.color}"/>` +
        `<text x="${x + 18}" y="${H - 12}" font-size="12">${escapeXml(item.name)}</text>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" ` +
    `font-family="system-ui, sans-serif" role="img" aria-label="${escapeXml(title)}">` +
    `<rect width="${W}" height="${H}" fill="#fff"/>` +
    `<text x="${pad.left}" y="24" font-size="16" font-weight="600">${escapeXml(title)}</text>` +
    `<text transform="translate(16 ${pad.top + (H - pad.top - pad.bottom) / 2}) rotate(-90)" ` +
    `text-anchor="middle" font-size="12" fill="#444">${escapeXml(yLabel)}</text>` +
    body.join('') +
    legendItems +
    `</svg>`
  );
}

function yAxis(scale: { max: number; step: number }, y: (v: number) => number): string[] {
  const out: string[] = [];
  for (let v = 0; v <= scale.max + 1e-9; v += scale.step) {
    out.push(
      `<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>` +
        `<text x="${pad.left - 6}" y="${y(v) + 4}" font-size="11" text-anchor="end" fill="#444">${Number(v.toFixed(6))}</text>`,
    );
  }
  return out;
}

export function timeChart(chart: TimeChart): string {
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const x = (v: number): number => pad.left + ((v - chart.xMin) / (chart.xMax - chart.xMin)) * plotW;
  const maxY = Math.max(1, ...chart.series.flatMap((s) => s.points.map(([, v]) => v)));
  const scale = niceScale(maxY);
  const y = (v: number): number => pad.top + plotH - (v / scale.max) * plotH;
  const body: string[] = [];
  for (const band of chart.bands ?? []) {
    const x1 = x(Math.max(chart.xMin, band.from));
    const x2 = x(Math.min(chart.xMax, band.to));
    body.push(
      `<rect x="${x1}" y="${pad.top}" width="${Math.max(0, x2 - x1)}" height="${plotH}" fill="${band.color}" opacity="0.35"/>` +
        `<text x="${x1 + 4}" y="${pad.top + 14}" font-size="11" fill="#333">${escapeXml(band.label)}</text>`,
    );
  }
  body.push(...yAxis(scale, y));
  for (const tick of chart.xTicks) {
    body.push(
      `<line x1="${x(tick.at)}" x2="${x(tick.at)}" y1="${pad.top + plotH}" y2="${pad.top + plotH + 5}" stroke="#444"/>` +
        `<text x="${x(tick.at)}" y="${pad.top + plotH + 18}" font-size="11" text-anchor="middle" fill="#444">${escapeXml(tick.label)}</text>`,
    );
  }
  body.push(
    `<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(0)}" y2="${y(0)}" stroke="#444"/>` +
      `<line x1="${pad.left}" x2="${pad.left}" y1="${pad.top}" y2="${y(0)}" stroke="#444"/>`,
  );
  for (const series of chart.series) {
    if (series.style === 'bars') {
      const width = Math.max(1, x(chart.xMin + (chart.barWidth ?? 1)) - x(chart.xMin) - 1);
      for (const [px, py] of series.points) {
        body.push(
          `<rect x="${x(px)}" y="${y(py)}" width="${width}" height="${y(0) - y(py)}" fill="${series.color}"/>`,
        );
      }
      continue;
    }
    const path = series.points.map(
      ([px, py], i) => `${i ? 'L' : 'M'}${x(px).toFixed(1)} ${y(py).toFixed(1)}`,
    );
    if (series.style === 'area' && series.points.length > 0) {
      const first = series.points[0]![0];
      const last = series.points[series.points.length - 1]![0];
      body.push(
        `<path d="${path.join('')}L${x(last).toFixed(1)} ${y(0)}L${x(first).toFixed(1)} ${y(0)}Z" fill="${series.color}" opacity="0.3"/>`,
      );
    }
    body.push(`<path d="${path.join('')}" fill="none" stroke="${series.color}" stroke-width="2"/>`);
  }
  for (const marker of chart.markers ?? []) {
    body.push(
      `<line x1="${x(marker.at)}" x2="${x(marker.at)}" y1="${pad.top}" y2="${y(0)}" stroke="#111" stroke-dasharray="4 3"/>` +
        `<text x="${x(marker.at) - 4}" y="${pad.top + 28}" font-size="11" text-anchor="end">${escapeXml(marker.label)}</text>`,
    );
  }
  return frame(chart.title, chart.yLabel, body, chart.series);
}

export interface HistogramChart {
  title: string;
  yLabel: string;
  xLabel: string;
  bins: { label: string; counts: number[] }[];
  series: { name: string; color: string }[];
}

/** Bars stacked per bin, one colour per series. */
export function histogramChart(chart: HistogramChart): string {
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const totals = chart.bins.map((b) => b.counts.reduce((a, c) => a + c, 0));
  const scale = niceScale(Math.max(1, ...totals));
  const y = (v: number): number => pad.top + plotH - (v / scale.max) * plotH;
  const slot = plotW / chart.bins.length;
  const body: string[] = [...yAxis(scale, y)];
  chart.bins.forEach((bin, i) => {
    let base = 0;
    const x = pad.left + i * slot + slot * 0.12;
    bin.counts.forEach((count, s) => {
      if (count > 0) {
        body.push(
          `<rect x="${x}" y="${y(base + count)}" width="${slot * 0.76}" height="${y(base) - y(base + count)}" fill="${chart.series[s]!.color}"/>`,
        );
      }
      base += count;
    });
    if (totals[i]! > 0)
      body.push(
        `<text x="${x + slot * 0.38}" y="${y(base) - 4}" font-size="11" text-anchor="middle">${totals[i]}</text>`,
      );
    body.push(
      `<text x="${pad.left + i * slot + slot / 2}" y="${pad.top + plotH + 18}" font-size="11" text-anchor="middle" fill="#444">${escapeXml(bin.label)}</text>`,
    );
  });
  body.push(
    `<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(0)}" y2="${y(0)}" stroke="#444"/>` +
      `<text x="${pad.left + plotW / 2}" y="${pad.top + plotH + 36}" font-size="12" text-anchor="middle" fill="#444">${escapeXml(chart.xLabel)}</text>`,
  );
  return frame(chart.title, chart.yLabel, body, chart.series);
}
