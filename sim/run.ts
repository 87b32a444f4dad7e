/**
 * `npm run simulate`: plays one venue evening against the real headless server and prints the
 * reconciliation; writes report.txt, report.html, report.json, the chart PNGs and the server's log
 * (server.log, searched for secrets: `node scripts/grep-secrets.mjs <out>/server.log`) to --out.
 * Exits 1 when an invariant fails (or the run overruns its time bound), 0 otherwise.
 *
 *   npm run simulate -- [--out DIR] [--seed N] [--ci] [--no-png] [--keep-data]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeMachine } from '../bench/machine.js';
import { ciDay, fullDay } from './config.js';
import { playEvening } from './evening.js';
import { reconcile } from './reconcile.js';
import { buildCharts, htmlReport } from './report-html.js';
import { textReport } from './report-text.js';
import { renderChartPngs } from './render-png.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    seed: { type: 'string' },
    ci: { type: 'boolean', default: false },
    'no-png': { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
  },
});

const base = values.ci ? ciDay : fullDay;
const config = { ...base, seed: values.seed === undefined ? base.seed : Number(values.seed) };
if (!Number.isInteger(config.seed)) {
  console.error('simulate: --seed must be a whole number');
  process.exit(64);
}
const outDir = resolve(values.out ?? join(tmpdir(), `marquee-venue-day-${Date.now()}`));
const command = [
  'npm run simulate',
  ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
].join(' ');

// The bound is a promise of the tool: past it the run is a failure, whatever it was doing.
// Exiting runs the server-process exit hook, so the child server dies too.
const watchdog = setTimeout(() => {
  console.error(
    `simulate: still running after ${config.wallLimitSeconds} s — aborted (the bound is part of the test)`,
  );
  process.exit(1);
}, config.wallLimitSeconds * 1000);
watchdog.unref();

const machine = describeMachine();
const started = performance.now();
mkdirSync(outDir, { recursive: true });
const record = await playEvening(config, {
  log: (line) => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`),
  keepData: values['keep-data'],
  serverLogFile: join(outDir, 'server.log'),
});
const wallMs = performance.now() - started;
const rec = reconcile(record, wallMs);
const text = textReport(record, rec, machine, wallMs, command);
console.log('');
process.stdout.write(text);

const charts = buildCharts(record);
const htmlFile = join(outDir, 'report.html');
writeFileSync(join(outDir, 'report.txt'), text);
writeFileSync(htmlFile, htmlReport(record, rec, charts, text));
writeFileSync(
  join(outDir, 'report.json'),
  JSON.stringify(
    {
      command,
      machine,
      config,
      startedAt: record.startedAt,
      day: record.day,
      holdersByCarry: record.holdersByCarry,
      stripsFetched: record.strips.length,
      printed: record.printed,
      phases: record.phases,
      marks: record.marks,
      salesAhead: record.salesAhead,
      syncs: record.syncs,
      reconciliation: rec,
      samples: record.samples,
    },
    null,
    2,
  ),
);
const written = ['report.txt', 'report.html', 'report.json', 'server.log'];
if (!values['no-png']) {
  try {
    const pngs = await renderChartPngs(htmlFile, outDir);
    written.push(...pngs.map((file) => relative(outDir, file)));
  } catch (err) {
    // The report stands without the images; say why they are missing.
    console.error(`simulate: chart PNGs not rendered: ${err instanceof Error ? err.message : String(err)}`);
  }
}
clearTimeout(watchdog);
console.log(
  `\nWrote ${written.join(', ')} to ${outDir} (total ${((performance.now() - started) / 1000).toFixed(1)} s).`,
);
process.exitCode = rec.ok ? 0 : 1;
