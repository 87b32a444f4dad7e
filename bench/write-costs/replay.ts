// Replays a recorded checkout's statements (record.ts) against scratch copies of its store, one
// copy per variant (a trigger or index dropped, or a statement skipped), interleaved, and prints
// the main thread's CPU µs per checkout for each. Fresh, increasing ids per checkout, as real
// time-ordered ids append. Checkouts commit in groups of BATCH, each in its savepoint, as
// store/group-commit.ts does; the variants take turns by group; WAL checkpoints run between
// rounds, untimed (the server's run on a background thread).
// Usage: node --import tsx bench/write-costs/replay.ts <recordDir> [rounds] [perBlock]
// Env: BATCH (checkouts per commit, 8), BASE_RECORDING (another commit's recordDir), VARIANTS (JSON).
import { copyFileSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Run {
  sql: string;
  method: string;
  args: unknown[];
}
const [dir = join(tmpdir(), 'write-costs'), roundsArg = '7', perArg = '4000'] = process.argv.slice(2);
const rounds = Number(roundsArg),
  perBlock = Number(perArg),
  BATCH = Number(process.env.BATCH ?? 8);
/** A recording's statements between BEGIN and COMMIT. */
const recorded = (from: string): Run[] =>
  (JSON.parse(readFileSync(join(from, 'checkout.json'), 'utf8')) as { runs: Run[] }).runs.filter(
    (r) => !/^(BEGIN|COMMIT|SAVEPOINT|RELEASE)/.test(r.sql.trim()),
  );
const fresh = /^(ord|atd|tik|aud|mail)_/;
const variants: Record<string, string[]> = (JSON.parse(process.env.VARIANTS ?? 'null') as Record<
  string,
  string[]
> | null) ?? {
  head: [],
  'no door_feed_ticket_sold': ['DROP TRIGGER door_feed_ticket_sold'],
  'no orders_admissions_insert': ['DROP TRIGGER orders_admissions_insert'],
  'no tickets_report': ['DROP INDEX tickets_report'],
  'no orders_report': ['DROP INDEX orders_report'],
  'no tiers_comps': ['DROP TRIGGER tiers_comps'],
  'no audit indexes (by_object, by_order)': [
    'DROP INDEX audit_events_by_object',
    'DROP INDEX audit_events_by_order',
  ],
  'no audit row': ['-skip audit_events'],
  'no mail row': ['-skip mail_outbox'],
  'none of the additions': [
    'DROP TRIGGER door_feed_ticket_sold',
    'DROP TRIGGER orders_admissions_insert',
    'DROP INDEX tickets_report',
    'DROP INDEX orders_report',
    'DROP TRIGGER tiers_comps',
    '-skip audit_events',
  ],
  ...(process.env.BASE_RECORDING ? { 'base recording': ['@' + process.env.BASE_RECORDING] } : {}),
};
const work = mkdtempSync(join(tmpdir(), 'write-costs-'));
let serial = 0;
const setups = Object.entries(variants).map(([name, changes], i) => {
  const file = join(work, `v${i}.db`);
  // '@<recordDir>': another recording (another commit's schema and statements) as it is.
  const from = changes.find((c) => c.startsWith('@'))?.slice(1) ?? dir;
  const body = recorded(from);
  copyFileSync(join(from, 'store.db'), file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -8192');
  db.pragma('wal_autocheckpoint = 0');
  const skips = changes.filter((c) => c.startsWith('-skip ')).map((c) => c.slice(6));
  for (const c of changes) if (!c.startsWith('-skip ') && !c.startsWith('@')) db.exec(c);
  const stmts = body
    .filter((r) => !skips.some((s) => r.sql.includes(s)))
    .map((r) => ({ stmt: db.prepare(r.sql), method: r.method === 'run' ? 'run' : 'get', args: r.args }));
  const begin = db.prepare('BEGIN IMMEDIATE'),
    commit = db.prepare('COMMIT');
  const sp = db.prepare('SAVEPOINT c'),
    rel = db.prepare('RELEASE c');
  const one = () => {
    const n = (serial++).toString(36).padStart(12, '0');
    const ids = new Map<string, string>();
    const sub = (a: unknown): unknown => {
      if (typeof a !== 'string' || !(fresh.test(a) || (a.length === 40 && !a.includes('_')))) return a;
      let id = ids.get(a);
      if (id === undefined) ids.set(a, (id = a.slice(0, a.indexOf('_') + 1) + '1' + n + ids.size));
      return id;
    };
    sp.run();
    for (const s of stmts) {
      if (s.method === 'run') s.stmt.run(...s.args.map(sub));
      else s.stmt.get(...s.args.map(sub));
    }
    rel.run();
  };
  /** One group commit of BATCH checkouts; answers its CPU µs. */
  const batch = () => {
    const t0 = process.cpuUsage();
    begin.run();
    for (let j = 0; j < BATCH; j++) one();
    commit.run();
    const d = process.cpuUsage(t0);
    return d.user + d.system;
  };
  for (let k = 0; k < 100; k++) batch(); // warm
  return { name, batch, db, samples: [] as number[] };
});
// Variants take turns batch by batch, so a change of load during the run reaches all alike.
for (let r = 0; r < rounds; r++) {
  for (const s of setups) s.db.pragma('wal_checkpoint(TRUNCATE)');
  const spent = setups.map(() => 0);
  for (let k = 0; k < perBlock; k += BATCH)
    for (let i = 0; i < setups.length; i++) {
      const v = (i + k / BATCH) % setups.length;
      spent[v]! += setups[v]!.batch();
    }
  setups.forEach((s, i) => s.samples.push(spent[i]! / perBlock));
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};
// Paired by round: each round's variant minus the same round's head, so load that moves during
// the run moves both sides of each difference alike.
console.log(
  `| variant | µs/checkout (median of ${rounds}) | minus head, median of paired rounds | middle half of those |`,
);
for (const s of setups) {
  const diffs = s.samples.map((x, r) => x - setups[0]!.samples[r]!).sort((a, b) => a - b);
  const q = (f: number) => diffs[Math.floor(f * (diffs.length - 1))]!.toFixed(1);
  console.log(
    `| ${s.name} | ${median(s.samples).toFixed(1)} | ${median(diffs).toFixed(1)} | ${q(0.25)} … ${q(0.75)} |`,
  );
  s.db.close();
}
rmSync(work, { recursive: true, force: true });
