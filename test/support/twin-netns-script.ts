/**
 * Runs INSIDE a throwaway network namespace made by test/http/twin-guard.test.ts (never on the
 * real network). A venue's store with a queued webhook and a queued mail is copied twice, as a
 * spare laptop and the old laptop would hold it: server A (the spare, running) sends them; then
 * B (the old laptop's Marquee started again, same data) and C (a fresh install with its own queue)
 * start side by side on the same LAN. Prints `STEP <name> <json>` lines for the test.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerOptions } from '../../src/server/config.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { eventually } from './eventually.js';
import { SmtpCatcher } from './smtp-catcher.js';
import { openTestApp, publishedEvent, testOptions } from './test-app.js';
import { WebhookReceiver } from './webhook-receiver.js';

const [venueDir, freshDir, workDir] = process.argv.slice(2) as [string, string, string];

function step(name: string, data: Record<string, unknown>): void {
  process.stdout.write(`STEP ${name} ${JSON.stringify(data)}\n`);
}

/** A store with one sale whose webhook and confirmation mail wait in the outbox (no workers). */
async function storeWithQueuedSale(dataDir: string, hooksUrl: string, email: string): Promise<void> {
  const t = await openTestApp(dataDir, { workers: false });
  await t.call('POST', '/v2/webhook_endpoints', { url: hooksUrl, events: ['order.created'] });
  const sale = await publishedEvent(t);
  const order = await t.call('POST', '/v2/orders', {
    event_id: sale.eventId,
    items: [{ tier_id: sale.tierId, quantity: 1 }],
    buyer: { name: 'Ada Lovelace', email },
    payment_method: 'card',
  });
  if (order.statusCode !== 200) throw new Error(`checkout failed: ${order.body}`);
  await t.app.close();
}

async function health(server: RunningServer): Promise<Record<string, unknown>> {
  const res = await server.app.inject({ method: 'GET', url: '/v2/health' });
  return res.json() as Record<string, unknown>;
}

async function main(): Promise<void> {
  const receiver = await new WebhookReceiver().start();
  const smtp = await SmtpCatcher.start();
  await storeWithQueuedSale(venueDir, receiver.url, 'venue-buyer@example.com');
  await storeWithQueuedSale(freshDir, receiver.url, 'fresh-buyer@example.com');
  // The spare is started from `npm run backup`'s folder; the old laptop keeps the original.
  const spareDir = backUpDataFolder({ dataDir: venueDir, destination: join(workDir, 'stick') }).folder;
  const oldLaptopDir = join(workDir, 'old-laptop');
  cpSync(venueDir, oldLaptopDir, { recursive: true });

  const lan = (dataDir: string, venueName: string): ServerOptions =>
    testOptions(dataDir, {
      host: '10.99.0.1',
      port: 0,
      tls: 'auto',
      mdns: true,
      venueName,
      baseUrl: undefined,
      workers: true,
      now: Date.now,
      smtpUrl: smtp.url,
      webhookProbeMs: 300,
      twinCheckMs: 3_000,
    });
  const webhookIds = (): string[] => receiver.received.map((r) => String(r.headers['webhook-id']));
  const mailTo = (): string[] => smtp.mails.flatMap((m) => m.rcptTo);

  const spare = await startServer(lan(spareDir, 'Twin Hall'), undefined);
  await eventually(
    () => (webhookIds().length >= 1 && mailTo().length >= 1) || undefined,
    20_000,
    'the spare sends',
  );
  step('spare', { webhookIds: webhookIds(), mailTo: mailTo(), health: await health(spare) });

  // Both start now and look for a twin as long as each other; the fresh one's sending is the
  // yardstick: once it has sent, the old laptop would have sent long before (without the guard
  // its workers start before it even listens).
  const oldLaptop = await startServer(lan(oldLaptopDir, 'Twin Hall'), undefined);
  const fresh = await startServer(lan(freshDir, 'Fresh Hall'), undefined);
  const oldHealth = await eventually(
    async () => {
      const h = await health(oldLaptop);
      return h.status === 'degraded' ? h : undefined;
    },
    20_000,
    'the old laptop to say it holds its sending',
  ).catch(async () => health(oldLaptop));
  await eventually(
    () => (webhookIds().length >= 2 && mailTo().length >= 2) || undefined,
    20_000,
    'the fresh one sends',
  ).catch(() => undefined);
  step('after', {
    webhookIds: webhookIds(),
    mailTo: mailTo(),
    oldLaptopHealth: oldHealth,
    freshHealth: await health(fresh),
    spareUrl: spare.url,
  });
  await fresh.close();
  await oldLaptop.close();
  await spare.close();
  await receiver.stop();
  await smtp.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stdout.write(`FAILED ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
