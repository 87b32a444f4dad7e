// Replays a recorded checkout's statements (record.ts) against scratch copies of its store, one
// copy per variant (a trigger or index dropped, or a statement skipped), interleaved, and prints
// the main thread's CPU µs per checkout for each. Fresh, increasing ids per checkout, as real
// time-ordered ids append. Checkouts commit in groups of BATCH, each in its savepoint, as
// store/group-commit.ts does; WAL checkpoints run between timed blocks (the server's run on a
// background thread).  Usage: node bench/write-costs/replay.mjs <recordDir> [rounds] [perBlock]
import { copyFileSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const require = createRequire('/work/main/package.json');
const Database = require('better-sqlite3');
const [dir = '/tmp/write-costs', roundsArg = '7', perArg = '4000'] = process.argv.slice(2);
const rounds = Number(roundsArg), perBlock = Number(perArg), BATCH = Number(process.env.BATCH ?? 8);
const rec = JSON.parse(readFileSync(join(dir, 'checkout.json'), 'utf8'));
const body = rec.runs.filter((r) => !/^(BEGIN|COMMIT|SAVEPOINT|RELEASE)/.test(r.sql.trim()));
const fresh = /^(ord|atd|tik|aud|mail)_/;
const variants = JSON.parse(process.env.VARIANTS ?? 'null') ?? {
  head: [],
  'no door_feed_ticket_sold': ['DROP TRIGGER door_feed_ticket_sold'],
  'no orders_admissions_insert': ['DROP TRIGGER orders_admissions_insert'],
  'no tickets_report': ['DROP INDEX tickets_report'],
  'no orders_report': ['DROP INDEX orders_report'],
  'no tiers_comps': ['DROP TRIGGER tiers_comps'],
  'no audit indexes (by_object, by_order)': ['DROP INDEX audit_events_by_object', 'DROP INDEX audit_events_by_order'],
  'no audit row': ['-skip audit_events'],
  'no mail row': ['-skip mail_outbox'],
  'none of the additions': ['DROP TRIGGER door_feed_ticket_sold', 'DROP TRIGGER orders_admissions_insert',
    'DROP INDEX tickets_report', 'DROP INDEX orders_report', 'DROP TRIGGER tiers_comps', '-skip audit_events'],
};
const work = mkdtempSync(join(tmpdir(), 'write-costs-'));
let serial = 0;
const setups = Object.entries(variants).map(([name, changes], i) => {
  const file = join(work, `v${i}.db`);
  copyFileSync(join(dir, 'store.db'), file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -8192'); db.pragma('wal_autocheckpoint = 0');
  const skips = changes.filter((c) => c.startsWith('-skip ')).map((c) => c.slice(6));
  for (const c of changes) if (!c.startsWith('-skip ')) db.exec(c);
  const stmts = body.filter((r) => !skips.some((s) => r.sql.includes(s)))
    .map((r) => ({ stmt: db.prepare(r.sql), method: r.method === 'run' ? 'run' : 'get', args: r.args }));
  const begin = db.prepare('BEGIN IMMEDIATE'), commit = db.prepare('COMMIT');
  const sp = db.prepare('SAVEPOINT c'), rel = db.prepare('RELEASE c');
  const one = () => {
    const n = (serial++).toString(36).padStart(12, '0');
    const ids = new Map();
    const sub = (a) => typeof a === 'string' && (fresh.test(a) || (a.length === 40 && !a.includes('_')))
      ? (ids.get(a) ?? (ids.set(a, a.slice(0, a.indexOf('_') + 1) + '1' + n + (ids.size)), ids.get(a))) : a;
    sp.run();
    for (const s of stmts) s.stmt[s.method](...s.args.map(sub));
    rel.run();
  };
  const block = () => {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const t0 = process.cpuUsage();
    for (let k = 0; k < perBlock; k += BATCH) { begin.run(); for (let j = 0; j < BATCH; j++) one(); commit.run(); }
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / perBlock;
  };
  block(); // warm
  return { name, block, db, samples: [] };
});
for (let r = 0; r < rounds; r++) for (const s of (r % 2 ? [...setups].reverse() : setups)) s.samples.push(s.block());
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const head = median(setups[0].samples);
console.log(`| variant | µs/checkout (median of ${rounds}) | vs head | spread |`);
for (const s of setups) {
  const m = median(s.samples);
  console.log(`| ${s.name} | ${m.toFixed(1)} | ${(m - head).toFixed(1)} | ${(Math.min(...s.samples)).toFixed(1)}–${Math.max(...s.samples).toFixed(1)} |`);
  s.db.close();
}
rmSync(work, { recursive: true, force: true });
