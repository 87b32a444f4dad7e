/**
 * Records every statement (SQL and parameters) one real checkout runs (the real app on a real
 * SQLite file; one one-ticket card order with a buyer email, admin key, as bench/webhooks.ts and
 * bench/mail.ts send), and keeps a copy of the store as it was before that checkout.
 * Usage: node --import tsx bench/write-costs/record.ts <outDir>
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestApp } from '../../test/support/test-app.js';

const outDir = process.argv[2] ?? join(tmpdir(), 'write-costs');
mkdirSync(outDir, { recursive: true });
const t = await makeTestApp();
const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await t.call(method, url, body);
  if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; data: { id: string }[] };
};
const ev = await call('POST', '/v2/events', {
  title: 'Bench night',
  venue: 'Main hall',
  doors_at: '2030-12-24T19:00:00+00:00',
  tickets: [{ name: 'GA', price_cents: 2500, quantity: 1000000 }],
});
await call('POST', `/v2/events/${ev.id}/publish`, {});
const tiers = await call('GET', `/v2/events/${ev.id}/tiers`);
const body = {
  event_id: ev.id,
  items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
  buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
  payment_method: 'card',
};
for (let i = 0; i < 3; i++) await call('POST', '/v2/orders', body); // warm: first-use statements
const db = t.app.ctx.db;
db.pragma('wal_checkpoint(TRUNCATE)');
copyFileSync(join(t.dataDir, 'marquee.db'), join(outDir, 'store.db'));
const runs: { sql: string; method: string; args: unknown[] }[] = [];
const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
for (const name of ['run', 'get', 'all', 'iterate']) {
  const original = proto[name]!;
  proto[name] = function (this: { source: string }, ...args: unknown[]) {
    runs.push({ sql: this.source, method: name, args });
    return original.apply(this, args);
  };
}
await call('POST', '/v2/orders', body);
writeFileSync(
  join(outDir, 'checkout.json'),
  JSON.stringify({ eventId: ev.id, tierId: tiers.data[0]!.id, runs }, null, 1),
);
console.log(runs.map((r) => `${r.method} ${r.sql.replace(/\s+/g, ' ').slice(0, 150)}`).join('\n'));
await t.close();
