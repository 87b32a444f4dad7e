/**
 * The HTML report: one self-contained file (inline SVG charts, inline CSS, no scripts) with the
 * invariants, the headline figures, the three charts and the full text report.
 */
import { carries, carryLabels } from './carry.js';
import type { EveningRecord } from './evening.js';
import type { Reconciliation } from './reconcile.js';
import { eveningClock } from './report-text.js';
import { bucketCounts, histogram } from './stats.js';
import { escapeXml, histogramChart, timeChart, type Band } from './svg-charts.js';

export interface Charts {
  arrivals: string;
  queues: string;
  latency: string;
}

const colors = {
  arrivals: '#9ecae1',
  admitted: '#2ca02c',
  rejected: '#d62728',
  webhook: '#6f42c1',
  door: '#ff7f0e',
  line: '#1f77b4',
  online: '#1f77b4',
  offline: '#ff7f0e',
};

function outageBands(record: EveningRecord): Band[] {
  const { marks, config } = record;
  return [
    {
      from: marks.doorCut,
      to: marks.doorRestore,
      label: `Door ${config.offlineDoor + 1} offline`,
      color: '#fdd0a2',
    },
    { from: marks.webhookDown, to: marks.webhookUp, label: 'receiver down', color: '#dadaeb' },
  ];
}

export function buildCharts(record: EveningRecord): Charts {
  const { timing, config } = record;
  const at = eveningClock(record);
  const bucket = 5 * timing.minute;
  const buckets = Math.ceil(timing.window / bucket);
  const xTicks = Array.from({ length: Math.floor(config.eveningMinutes / 30) + 1 }, (_, i) => ({
    at: i * 30 * timing.minute,
    label: at(i * 30 * timing.minute),
  }));
  const decided = record.presentations.filter((p) => p.decision && p.decidedAt !== undefined);
  const series = (times: number[]): [number, number][] =>
    bucketCounts(times, 0, bucket, buckets).map((n, i) => [i * bucket, n]);
  const mid = (points: [number, number][]): [number, number][] => points.map(([x, y]) => [x + bucket / 2, y]);
  const arrivals = timeChart({
    title: 'Arrivals and admissions per 5 minutes of the evening',
    xMin: 0,
    xMax: buckets * bucket,
    xTicks,
    yLabel: 'people per 5 min',
    barWidth: bucket,
    series: [
      {
        name: 'arrivals at a door',
        color: colors.arrivals,
        style: 'bars',
        points: series(record.presentations.map((p) => p.arrivedAt)),
      },
      {
        name: 'admitted',
        color: colors.admitted,
        style: 'line',
        points: mid(
          series(decided.filter((p) => p.decision!.result === 'admitted').map((p) => p.decidedAt!)),
        ),
      },
      {
        name: 'rejected',
        color: colors.rejected,
        style: 'line',
        points: mid(
          series(decided.filter((p) => p.decision!.result === 'rejected').map((p) => p.decidedAt!)),
        ),
      },
    ],
    bands: outageBands(record),
    markers: [{ at: config.headlineMinute * timing.minute, label: 'headline act' }],
  });

  const end = Math.max(record.marks.caughtUp, ...record.samples.map((s) => s.t));
  const tickMs = end < 30_000 ? 2_000 : 10_000;
  const wallTicks = Array.from({ length: Math.floor(end / tickMs) + 1 }, (_, i) => ({
    at: i * tickMs,
    label: `${(i * tickMs) / 1000} s`,
  }));
  const queues = timeChart({
    title: 'Queues over time (wall clock since doors opened)',
    xMin: 0,
    xMax: Math.max(end, 1),
    xTicks: wallTicks,
    yLabel: 'items waiting',
    series: [
      {
        name: 'webhook queue (server)',
        color: colors.webhook,
        style: 'area',
        points: record.samples.map((s) => [s.t, s.webhookQueued]),
      },
      {
        name: `Door ${config.offlineDoor + 1} offline scans`,
        color: colors.door,
        style: 'line',
        points: record.samples.map((s) => [s.t, s.offlineDoorQueue]),
      },
      {
        name: 'people in line (all doors)',
        color: colors.line,
        style: 'line',
        points: record.samples.map((s) => [s.t, s.doorLines.reduce((a, b) => a + b, 0)]),
      },
    ],
    bands: outageBands(record),
    markers: [{ at: record.marks.doorsClosed, label: 'doors closed' }],
  });

  const edges = [0, 0.5, 1, 2, 3, 5, 10, 20, 50, 100, 300];
  const bins = histogram(
    ['online', 'offline'].map((mode) =>
      decided.filter((p) => p.decision!.mode === mode).map((p) => p.decision!.ms),
    ),
    edges,
  );
  const latency = histogramChart({
    title: 'Door decision latency (scan → decision)',
    yLabel: 'decisions',
    xLabel: 'milliseconds',
    bins: bins.map((b) => ({
      label: b.to === Infinity ? `≥ ${b.from}` : `${b.from}–${b.to}`,
      counts: b.counts,
    })),
    series: [
      { name: 'decided online (server)', color: colors.online },
      { name: 'decided offline (on the door)', color: colors.offline },
    ],
  });
  return { arrivals, queues, latency };
}

/** Cents as money, the sign in front ("−$5.00"); "–" when there is no figure. */
const cents = (value: number | null): string =>
  value === null ? '–' : `${value < 0 ? '−' : ''}$${(Math.abs(value) / 100).toFixed(2)}`;

export function htmlReport(record: EveningRecord, rec: Reconciliation, charts: Charts, text: string): string {
  const checks = rec.checks
    .map(
      (c) =>
        `<tr class="${c.ok ? 'pass' : 'fail'}"><td>${c.ok ? 'PASS' : 'FAIL'}</td><td>${escapeXml(c.name)}</td><td>${escapeXml(c.detail)}</td></tr>`,
    )
    .join('');
  const totals = rec.totals
    .map(
      (r) =>
        `<tr><td>${escapeXml(r.what)}</td><td>${r.sim}</td><td>${r.store}</td><td>${r.receiver}</td></tr>`,
    )
    .join('');
  const cashTills = rec.cashUp.tills
    .map(
      (t) =>
        `<tr><td>${escapeXml(t.till)}</td><td>${escapeXml(t.seller)}</td><td>${cents(t.floatCents)}</td><td>${cents(t.cashCents)}</td>` +
        `<td>${cents(t.cardCents)}</td><td>${t.compTickets}</td><td>${cents(t.refundsCents)}</td><td>${cents(t.expectedCents)}</td>` +
        `<td>${cents(t.countedCents)}</td><td>${cents(t.overShortCents)}</td></tr>`,
    )
    .join('');
  const cashEvent = rec.cashUp.eventRows
    .map((r) => {
      const cell = (v: number | null | undefined) =>
        v === null || v === undefined ? '–' : r.count ? String(v) : cents(v);
      return `<tr><td>${escapeXml(r.what)}</td><td>${cell(r.sim)}</td><td>${cell(r.z)}</td><td>${cell(r.event)}</td></tr>`;
    })
    .join('');
  const cred = rec.credentials;
  const shownRows = ([...carries, 'screenshot', 'photocopy', 'junk'] as const)
    .filter((k) => cred.byShownAs[k])
    .map((k) => {
      const r = cred.byShownAs[k]!;
      return `<tr><td>${escapeXml(carryLabels[k])}</td><td>${r.shown}</td><td>${r.admitted}</td><td>${r.rejected}</td></tr>`;
    })
    .join('');
  const lat = rec.doors.latency;
  const fmt = (v: number): string => (Number.isNaN(v) ? '–' : v.toFixed(1));
  const figure = (id: string, svg: string, caption: string): string =>
    `<figure id="${id}" data-chart="${id}">${svg}<figcaption>${escapeXml(caption)}</figcaption></figure>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Marquee venue day — seed ${record.config.seed}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 920px; color: #111; }
  table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 14px; }
  td, th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: right; }
  td:first-child, th:first-child, td:nth-child(2) { text-align: left; }
  tr.pass td:first-child { color: #1a7f37; font-weight: 600; }
  tr.fail td:first-child { color: #cf222e; font-weight: 600; }
  figure { margin: 1rem 0 2rem; width: 880px; background: #fff; }
  figcaption { font-size: 13px; color: #555; }
  pre { font-size: 12px; background: #f6f8fa; padding: 1rem; overflow-x: auto; }
  .result { font-size: 18px; font-weight: 600; }
  table.checks td, table.checks th { text-align: left; vertical-align: top; }
</style>
</head>
<body>
<h1>Marquee venue day</h1>
<p>One simulated evening against the real headless server, ${record.config.attendees} tickets sold ahead,
${record.config.doors} door devices on the scanner SDK, started ${escapeXml(record.startedAt)}.</p>
<p class="result">${rec.ok ? 'Every invariant holds.' : `${rec.checks.filter((c) => !c.ok).length} invariant(s) FAILED.`}</p>
<table class="checks"><tr><th></th><th>invariant</th><th>evidence</th></tr>${checks}</table>
<h2>Admissions by credential</h2>
<p>Valid tickets turned away: <strong>${cred.turnedAway.length}</strong> of ${cred.validShown} presentations of a valid credential.</p>
<table><tr><th>held up</th><th>shown</th><th>admitted</th><th>rejected</th></tr>${shownRows}</table>
<h2>Door decisions</h2>
<table>
<tr><th>decisions</th><th>n</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th></tr>
<tr><td>all</td><td>${lat.all.n}</td><td>${fmt(lat.all.p50)}</td><td>${fmt(lat.all.p99)}</td><td>${fmt(lat.all.max)}</td></tr>
<tr><td>online</td><td>${lat.online.n}</td><td>${fmt(lat.online.p50)}</td><td>${fmt(lat.online.p99)}</td><td>${fmt(lat.online.max)}</td></tr>
<tr><td>offline</td><td>${lat.offline.n}</td><td>${fmt(lat.offline.p50)}</td><td>${fmt(lat.offline.p99)}</td><td>${fmt(lat.offline.max)}</td></tr>
</table>
${figure('arrivals-admissions', charts.arrivals, 'Arrivals (bars) follow a skewed bell that peaks before the headline act; shaded: the door off the LAN and the webhook receiver down.')}
${figure('queue-depth', charts.queues, 'The server’s webhook queue grows while the receiver is unreachable and drains once a probe finds it back; the offline door’s local queue grows during its outage and empties at sync.')}
${figure('door-latency', charts.latency, 'Online decisions wait for the server (a loopback round trip); offline ones are a local Ed25519 verify and a SQLite write.')}
<h2>Store vs receiver vs simulation</h2>
<table><tr><th></th><th>simulation</th><th>store</th><th>receiver</th></tr>${totals}</table>
<h2>Cash-up</h2>
<p>Each till's Z report (float, cash and card taken, comp tickets, refunds made there, expected = float + cash − cash refunded, the seller's count); the last till was counted ${cents(-record.config.drawerShortCents)} short on purpose.</p>
<table><tr><th>till</th><th>seller</th><th>float</th><th>cash</th><th>card</th><th>comps</th><th>refunds</th><th>expected</th><th>counted</th><th>over/short</th></tr>${cashTills}</table>
<table><tr><th>the evening (main event)</th><th>simulation</th><th>Z reports + web shop</th><th>event report</th></tr>${cashEvent}</table>
<h2>Full report</h2>
<pre>${escapeXml(text)}</pre>
</body>
</html>
`;
}
