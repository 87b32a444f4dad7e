import Fastify from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../src/server/config.js';
import { inTransaction, openStore } from '../../src/server/store/db.js';
import { MailRepo } from '../../src/server/store/mail-repo.js';
import { sweepOutboxes, type SweepOptions } from '../../src/server/store/retention.js';
import { scheduleRetention } from '../../src/server/store/start-retention.js';
import { makeTestApp, publishedEvent, tempDataDir, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';
import { closedPort, WebhookReceiver } from '../support/webhook-receiver.js';

const day = 24 * 60 * 60;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  const t = await makeTestApp(overrides);
  cleanups.push(() => t.close());
  return t;
}

const count = (t: TestApp, table: string): number =>
  (t.app.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

const ids = (t: TestApp, table: string): string[] =>
  (t.app.ctx.db.prepare(`SELECT id FROM ${table} ORDER BY seq`).all() as { id: string }[]).map((r) => r.id);

const sweep = (t: TestApp, options: Partial<SweepOptions> = {}) =>
  sweepOutboxes(t.app.ctx.db, t.app.ctx.now, { retentionDays: 30, ...options });

async function createEvent(t: TestApp, title: string): Promise<string> {
  const res = await t.call('POST', '/v2/events', {
    title,
    venue: 'Hall',
    doors_at: '2026-12-24T19:00:00+00:00',
    tickets: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

async function endpoint(t: TestApp, url: string, events: string[] = ['*']): Promise<string> {
  const res = await t.call('POST', '/v2/webhook_endpoints', { url, events });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  message_id: string;
  type: string;
  status: string;
  last_attempt_at: number | null;
}

const deliveryRows = (t: TestApp): DeliveryRow[] =>
  t.app.ctx.db
    .prepare(
      'SELECT id, endpoint_id, message_id, type, status, last_attempt_at FROM webhook_deliveries ORDER BY seq',
    )
    .all() as DeliveryRow[];

describe('webhook retention, with the real dispatcher and a real receiver', () => {
  it('deletes finished deliveries and their messages after 30 days; pending ones and recent rows stay', async () => {
    const receiver = await new WebhookReceiver().start();
    cleanups.push(() => receiver.stop());
    // event.updated is refused; with an empty schedule its first failure is final ('failed').
    receiver.respond = (req, _i, res) => {
      const type = (JSON.parse(req.body) as { type: string }).type;
      res.writeHead(type === 'event.updated' ? 500 : 200).end();
    };
    const t = await app({
      workers: true,
      webhookProbeMs: 100,
      webhookRetryScheduleMs: [],
      // The sweeps under test are called directly; the app's own schedule stays out of the way.
      retention: { firstDelayMs: 3_600_000 },
    });
    const live = await endpoint(t, receiver.url);
    // Nothing listens there: its deliveries stay pending (offline uses up no attempts).
    const offline = await endpoint(t, `http://127.0.0.1:${await closedPort()}/hooks`, ['event.published']);

    const eventId = await createEvent(t, 'Old show');
    expect((await t.call('PATCH', `/v2/events/${eventId}`, { title: 'Old show, renamed' })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', `/v2/events/${eventId}/publish`)).statusCode).toBe(200);
    const old = await eventually(
      () => {
        const rows = deliveryRows(t);
        const finished = rows.filter((d) => d.endpoint_id === live && d.status !== 'pending');
        const waiting = rows.find((d) => d.endpoint_id === offline && d.last_attempt_at !== null);
        return finished.length === 3 && waiting ? { finished, waiting } : undefined;
      },
      10_000,
      'old deliveries to finish',
    );
    expect(old.finished.map((d) => [d.type, d.status])).toEqual([
      ['event.created', 'delivered'],
      ['event.updated', 'failed'],
      ['event.published', 'delivered'],
    ]);
    expect(old.waiting.status).toBe('pending');
    const oldMessages = ids(t, 'webhook_messages');
    expect(oldMessages).toHaveLength(3);

    t.clock.advance(31 * day);
    await createEvent(t, 'New show');
    const recent = await eventually(
      () =>
        deliveryRows(t).find(
          (d) =>
            d.endpoint_id === live &&
            d.status === 'delivered' &&
            d.type === 'event.created' &&
            !old.finished.some((o) => o.id === d.id),
        ),
      10_000,
      'the recent delivery',
    );

    const result = await sweep(t);
    expect(result).toMatchObject({ deliveries: 3, messages: 2, mails: 0, more: false });
    // Left: the pending delivery however old, and the recent one.
    expect(deliveryRows(t).map((d) => d.id)).toEqual([old.waiting.id, recent.id]);
    // event.published's message stays: the pending delivery still needs its body.
    expect(ids(t, 'webhook_messages')).toEqual([old.waiting.message_id, recent.message_id]);
    expect(oldMessages).toContain(old.waiting.message_id);

    // The log no longer shows them, and a retry of a deleted delivery is an unknown id.
    const log = await t.call('GET', `/v2/webhook_endpoints/${live}/deliveries`);
    expect((log.json() as { data: { id: string }[] }).data.map((d) => d.id)).toEqual([recent.id]);
    const retry = await t.call('POST', `/v2/webhook_deliveries/${old.finished[1]!.id}/retry`);
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toMatchObject({ error: { type: 'not_found_error', code: 'resource_missing' } });

    // A second sweep finds nothing more to do.
    expect(await sweep(t)).toMatchObject({ deliveries: 0, messages: 0, mails: 0, more: false });
  });
});

describe('pending deliveries', () => {
  it('stay however old, never attempted or waiting for a retry', async () => {
    const t = await app();
    const { db, outbox, webhooks } = t.app.ctx;
    await endpoint(t, 'http://127.0.0.1:9/hooks');
    inTransaction(db, () => {
      for (const id of ['evt_a', 'evt_b', 'evt_c']) outbox.emit('event.updated', { id });
    });
    expect(webhooks.fanOut.catchUp()).toBe(3);
    const [untouched, retrying, delivered] = deliveryRows(t);
    const { deliveries } = webhooks.repos;
    deliveries.markFailed(retrying!.id, t.clock.ms, 500, 'HTTP 500', t.clock.ms + 10 * 60 * 60 * 1000);
    deliveries.markDelivered(delivered!.id, t.clock.ms, 200);

    t.clock.advance(365 * day);
    inTransaction(db, () => outbox.emit('event.updated', { id: 'evt_recent' }));
    webhooks.fanOut.catchUp();
    expect(await sweep(t)).toMatchObject({ deliveries: 1, messages: 1 });
    const left = deliveryRows(t);
    expect(left.slice(0, 2).map((d) => [d.id, d.status])).toEqual([
      [untouched!.id, 'pending'],
      [retrying!.id, 'pending'],
    ]);
    expect(left.map((d) => d.id)).not.toContain(delivered!.id);
    expect(ids(t, 'webhook_messages')).toEqual(left.map((d) => d.message_id));
  });
});

describe('webhook message retention', () => {
  it('keeps messages an enabled endpoint has not fanned out yet, until it no longer needs them', async () => {
    const t = await app();
    // Written while another endpoint listened, which is gone now: nothing is owed for them.
    const gone = await endpoint(t, 'http://127.0.0.1:9/gone');
    await createEvent(t, 'Before the endpoint');
    const beforeEndpoint = ids(t, 'webhook_messages');
    expect(beforeEndpoint).toHaveLength(1);
    expect((await t.call('DELETE', `/v2/webhook_endpoints/${gone}`)).statusCode).toBe(200);
    const lagging = await endpoint(t, 'http://127.0.0.1:9/hooks');
    await createEvent(t, 'Not fanned out one');
    await createEvent(t, 'Not fanned out two');
    // No dispatcher runs here (workers off), so the endpoint's cursor stays behind these two, as
    // an offline venue's would until it can send.
    const notFannedOut = ids(t, 'webhook_messages').slice(beforeEndpoint.length);
    expect(notFannedOut).toHaveLength(2);
    expect(count(t, 'webhook_deliveries')).toBe(0);

    t.clock.advance(31 * day);
    await createEvent(t, 'Recent');
    const recent = ids(t, 'webhook_messages').at(-1)!;

    expect(await sweep(t)).toMatchObject({ messages: beforeEndpoint.length });
    expect(ids(t, 'webhook_messages')).toEqual([...notFannedOut, recent]);

    // With the endpoint gone nothing is owed any more: the old ones go, the recent one stays.
    expect((await t.call('DELETE', `/v2/webhook_endpoints/${lagging}`)).statusCode).toBe(200);
    expect(await sweep(t)).toMatchObject({ messages: 2 });
    expect(ids(t, 'webhook_messages')).toEqual([recent]);
  });

  it('a disabled endpoint holds nothing back: messages it never gets go with their deliveries', async () => {
    const t = await app();
    const { deliveries } = t.app.ctx.webhooks.repos;
    await endpoint(t, 'http://127.0.0.1:9/hooks');
    const disabled = await endpoint(t, 'http://127.0.0.1:9/other');
    expect(
      (await t.call('PATCH', `/v2/webhook_endpoints/${disabled}`, { status: 'disabled' })).statusCode,
    ).toBe(200);
    await createEvent(t, 'While disabled one');
    await createEvent(t, 'While disabled two');
    const whileDisabled = ids(t, 'webhook_messages');
    expect(whileDisabled).toHaveLength(2);
    // The enabled endpoint gets both and takes them; the disabled one gets nothing.
    expect(t.app.ctx.webhooks.fanOut.catchUp()).toBe(2);
    for (const row of deliveryRows(t)) deliveries.markDelivered(row.id, t.clock.ms, 200);

    t.clock.advance(31 * day);
    await createEvent(t, 'Recent');
    const recent = ids(t, 'webhook_messages').at(-1)!;
    expect(t.app.ctx.webhooks.fanOut.catchUp()).toBe(1);

    expect(await sweep(t)).toMatchObject({ deliveries: 2, messages: whileDisabled.length });
    expect(ids(t, 'webhook_messages')).toEqual([recent]);
  });

  it('writes nothing while no enabled endpoint wants a kind; enabling starts at the newest', async () => {
    const t = await app();
    const ep = await endpoint(t, 'http://127.0.0.1:9/hooks');
    await createEvent(t, 'Sent');
    expect((await t.call('PATCH', `/v2/webhook_endpoints/${ep}`, { status: 'disabled' })).statusCode).toBe(
      200,
    );
    const beforeDisabled = ids(t, 'webhook_messages');
    expect(beforeDisabled).toHaveLength(1);
    await createEvent(t, 'Nobody listening');
    expect(ids(t, 'webhook_messages')).toEqual(beforeDisabled);

    expect((await t.call('PATCH', `/v2/webhook_endpoints/${ep}`, { status: 'enabled' })).statusCode).toBe(
      200,
    );
    await createEvent(t, 'After');
    const log = await t.call('GET', `/v2/webhook_endpoints/${ep}/deliveries`);
    const titles = (log.json() as { data: { type: string; payload?: unknown }[] }).data.map((d) => d.type);
    expect(titles).toEqual(['event.created', 'event.created']);
  });

  it('never deletes the newest message, so its seq is not handed out again behind a fan-out cursor', async () => {
    const t = await app();
    const first = await endpoint(t, 'http://127.0.0.1:9/hooks');
    await createEvent(t, 'Only show');
    await createEvent(t, 'Second show');
    const [, newest] = ids(t, 'webhook_messages');
    expect((await t.call('DELETE', `/v2/webhook_endpoints/${first}`)).statusCode).toBe(200);
    t.clock.advance(365 * day);
    expect(await sweep(t)).toMatchObject({ messages: 1 });
    expect(ids(t, 'webhook_messages')).toEqual([newest]);
    // An endpoint made now starts after the newest message; the next message must come after it.
    const ep = await endpoint(t, 'http://127.0.0.1:9/hooks');
    await createEvent(t, 'After');
    const log = await t.call('GET', `/v2/webhook_endpoints/${ep}/deliveries`);
    expect((log.json() as { data: { type: string }[] }).data.map((d) => d.type)).toEqual(['event.created']);
  });
});

describe('mail retention', () => {
  it('deletes mail sent or failed more than 30 days ago; pending mail stays however old', async () => {
    const t = await app();
    const { db, mail } = t.app.ctx;
    const repo = new MailRepo(db);
    const enqueue = (to: string) =>
      inTransaction(db, () =>
        mail.enqueue({ to, subject: `For ${to}`, text: 'Your ticket', html: '<p>Your ticket</p>' }),
      );

    // A real checkout and transfer: the buyer's order mail and the recipient's mail, both pending
    // without SMTP.
    const { eventId, tierId } = await publishedEvent(t);
    const order = await t.call('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: 'Ada', email: 'ada@example.test' },
      payment_method: 'cash',
    });
    const ticketId = (order.json() as { tickets: { id: string }[] }).tickets[0]!.id;
    const transfer = await t.call('POST', `/v2/tickets/${ticketId}/transfer`, {
      to_email: 'grace@example.test',
      message: 'Enjoy',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const pendingOld = ids(t, 'mail_outbox');
    expect(pendingOld).toHaveLength(2);

    const sentOld = enqueue('sent-old@example.test');
    const failedOld = enqueue('failed-old@example.test');
    const sentLate = enqueue('sent-late@example.test');
    expect(repo.markSent(sentOld, t.clock.ms)).toBe(true);
    expect(repo.markFailed(failedOld, '550 no such mailbox', t.clock.ms)).toBe(true);

    t.clock.advance(25 * day);
    // Written 31 days before the sweep, but sent only 6 days before it: it counts from sending.
    expect(repo.markSent(sentLate, t.clock.ms)).toBe(true);

    t.clock.advance(6 * day);
    const sentNew = enqueue('sent-new@example.test');
    const failedNew = enqueue('failed-new@example.test');
    const pendingNew = enqueue('pending-new@example.test');
    expect(repo.markSent(sentNew, t.clock.ms)).toBe(true);
    expect(repo.markFailed(failedNew, '550 no such mailbox', t.clock.ms)).toBe(true);

    expect(await sweep(t)).toMatchObject({ mails: 2, deliveries: 0, more: false });
    expect(ids(t, 'mail_outbox')).toEqual([...pendingOld, sentLate, sentNew, failedNew, pendingNew]);

    // Staff see the same outbox; a retry of a deleted mail is an unknown id.
    const list = await t.call('GET', '/v2/mail?limit=100');
    expect((list.json() as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(ids(t, 'mail_outbox'));
    const retry = await t.call('POST', `/v2/mail/${failedOld}/retry`);
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('deletes mail still pending about an event over for the retention period; a later resend and plain mail stay', async () => {
    // No mail server all season: nothing is ever sent or failed, so only this rule bounds the outbox.
    const t = await app();
    const { db, mail } = t.app.ctx;
    const created = await t.call('POST', '/v2/events', {
      title: 'Tomorrow',
      venue: 'Hall',
      doors_at: new Date(t.clock.ms + day * 1000).toISOString(),
      tickets: [{ name: 'GA', price_cents: 1500, quantity: 10 }],
    });
    const eventId = (created.json() as { id: string }).id;
    await t.call('POST', `/v2/events/${eventId}/publish`);
    const tiers = (await t.call('GET', `/v2/events/${eventId}/tiers`)).json() as { data: { id: string }[] };
    const order = await t.call('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Ada', email: 'ada@example.test' },
      payment_method: 'cash',
    });
    const orderId = (order.json() as { id: string }).id;
    const confirmation = ids(t, 'mail_outbox');
    expect(confirmation).toHaveLength(1);
    const plain = inTransaction(db, () =>
      mail.enqueue({ to: 'plain@example.test', subject: 'S', text: 'T' }),
    );

    // Three days on the show is over (doors + 24 h); a resend now is deliberate.
    t.clock.advance(3 * day);
    const resend = await t.call('POST', `/v2/orders/${orderId}/resend`, {});
    expect(resend.statusCode, resend.body).toBe(200);
    const resent = (resend.json() as { id: string }).id;

    // 29 days after the show ended: still inside the retention period.
    t.clock.advance(28 * day);
    expect(await sweep(t)).toMatchObject({ mails: 0 });
    t.clock.advance(2 * day);
    expect(await sweep(t)).toMatchObject({ mails: 1 });
    expect(ids(t, 'mail_outbox')).toEqual([plain, resent]);
  });

  it('honours another retention period', async () => {
    const t = await app();
    const { db, mail } = t.app.ctx;
    const sent = inTransaction(db, () => mail.enqueue({ to: 'a@example.test', subject: 'S', text: 'T' }));
    inTransaction(db, () => mail.enqueue({ to: 'b@example.test', subject: 'S', text: 'T' }));
    new MailRepo(db).markSent(sent, t.clock.ms);
    t.clock.advance(8 * day);
    expect(await sweep(t, { retentionDays: 10 })).toMatchObject({ mails: 0 });
    expect(await sweep(t, { retentionDays: 7 })).toMatchObject({ mails: 1 });
  });
});

describe('batches', () => {
  /** n old delivered deliveries (and their messages) to one endpoint, then one recent of each. */
  async function oldDeliveries(n: number): Promise<TestApp> {
    const t = await app();
    const { db, outbox, webhooks } = t.app.ctx;
    await endpoint(t, 'http://127.0.0.1:9/hooks');
    inTransaction(db, () => {
      for (let i = 0; i < n; i++) outbox.emit('event.updated', { id: `evt_${i}` });
    });
    expect(webhooks.fanOut.catchUp()).toBe(n);
    inTransaction(db, () => {
      for (const id of ids(t, 'webhook_deliveries'))
        webhooks.repos.deliveries.markDelivered(id, t.clock.ms, 200);
    });
    t.clock.advance(31 * day);
    inTransaction(db, () => outbox.emit('event.updated', { id: 'evt_recent' }));
    webhooks.fanOut.catchUp();
    return t;
  }

  it('deletes 2,500 rows in transactions of at most 1,000, letting other work run between them', async () => {
    const t = await oldDeliveries(2_500);
    expect(count(t, 'webhook_deliveries')).toBe(2_501);

    const seen: number[] = [];
    let sweeping = true;
    const watch = () => {
      if (!sweeping) return;
      seen.push(count(t, 'webhook_deliveries'));
      setImmediate(watch);
    };
    setImmediate(watch);
    const result = await sweep(t, { batchSize: 1_000 });
    sweeping = false;

    // Three windows per webhook table (1,000 + 1,000 + 500), one look at the empty mail outbox.
    expect(result).toEqual({ deliveries: 2_500, messages: 2_500, mails: 0, batches: 7, more: false });
    // Other callbacks ran between batches and saw 1,000 fewer rows each time.
    expect(seen).toEqual(expect.arrayContaining([1_501, 501]));
    expect(count(t, 'webhook_deliveries')).toBe(1);
    expect(count(t, 'webhook_messages')).toBe(1);
  });

  it('stops at the per-sweep cap and says there is more; the next sweep goes on', async () => {
    const t = await oldDeliveries(2_500);
    const first = await sweep(t, { batchSize: 1_000, maxBatchesPerTable: 2 });
    expect(first).toMatchObject({ deliveries: 2_000, messages: 2_000, more: true });
    const second = await sweep(t, { batchSize: 1_000, maxBatchesPerTable: 2 });
    expect(second).toMatchObject({ deliveries: 500, messages: 500, more: false });
    expect(count(t, 'webhook_deliveries')).toBe(1);
  });

  it('an aborted sweep stops at the next batch boundary', async () => {
    const t = await oldDeliveries(1_500);
    const stop = new AbortController();
    const running = sweep(t, { batchSize: 1_000, signal: stop.signal });
    stop.abort();
    const result = await running;
    // The first batch ran before the abort could be seen; nothing after it.
    expect(result).toMatchObject({ deliveries: 1_000, messages: 0, more: true });
    expect(count(t, 'webhook_deliveries')).toBe(501);
  });
});

describe('the schedule', () => {
  it('runs on its own in the app when workers are on', async () => {
    const t = await app({ workers: true, retention: { firstDelayMs: 0, intervalMs: 50 } });
    const { db, mail } = t.app.ctx;
    const old = inTransaction(db, () => mail.enqueue({ to: 'old@example.test', subject: 'S', text: 'T' }));
    new MailRepo(db).markSent(old, t.clock.ms);
    t.clock.advance(31 * day);
    const recent = inTransaction(db, () => mail.enqueue({ to: 'new@example.test', subject: 'S', text: 'T' }));
    await eventually(() => (ids(t, 'mail_outbox').includes(old) ? undefined : true), 5_000, 'the sweep');
    expect(ids(t, 'mail_outbox')).toEqual([recent]);
  });

  it('logs what a sweep removed, and logs a failing sweep and carries on', async () => {
    const dir = tempDataDir('marquee-retention-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const lines: { level: number; msg: string; mails?: number; err?: { message: string } }[] = [];
    const logger = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    cleanups.push(() => logger.close());
    const db = openStore(join(dir, 'marquee.db'));
    cleanups.push(() => {
      if (db.open) db.close();
    });
    let now = Date.parse('2026-11-22T12:00:00Z');
    const insert = db.prepare(
      `INSERT INTO mail_outbox (id, to_email, subject, text_body, status, next_attempt_at, created_at, sent_at)
       VALUES (?, 'a@example.test', 'S', 'T', ?, ?, ?, ?)`,
    );
    insert.run('mail_old', 'sent', now, now, now);
    now += 31 * day * 1000;
    insert.run('mail_new', 'pending', now, now, null);

    const schedule = scheduleRetention({
      db,
      now: () => now,
      log: logger.log,
      retentionDays: 30,
      tuning: { firstDelayMs: 0, intervalMs: 20 },
    });
    cleanups.push(() => schedule.stop());
    await eventually(
      () => lines.find((l) => l.msg === 'retention sweep removed old outbox rows'),
      5_000,
      'info',
    );
    expect(lines.find((l) => l.mails !== undefined)).toMatchObject({ level: 30, mails: 1 });

    db.close();
    // Two failures in a row: the schedule survives the first and keeps going.
    await eventually(
      () => (lines.filter((l) => l.level === 40).length >= 2 ? true : undefined),
      5_000,
      'two warnings',
    );
    expect(lines.find((l) => l.level === 40)).toMatchObject({
      msg: expect.stringContaining('retention sweep failed'),
      err: { message: expect.stringContaining('not open') },
    });
    await schedule.stop();
    const warned = lines.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.length).toBe(warned);
  });
});
