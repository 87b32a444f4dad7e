import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ServerOptions } from '../../src/server/config.js';
import { defaultProbeMs } from '../../src/server/webhooks/defaults.js';
import { adminSecret, makeTestApp, tempDataDir, testOptions, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';
import { closedPort, WebhookReceiver, type Received } from '../support/webhook-receiver.js';

/** Short waits instead of the contract's 5 s … 10 h, so a retry happens within the test. */
const fast: Partial<ServerOptions> = {
  workers: true,
  now: Date.now,
  webhookProbeMs: 300,
  webhookRetryScheduleMs: [150, 150, 150, 150, 150, 150, 150],
};

interface Delivery {
  id: string;
  message_id: string;
  type: string;
  status: string;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function app(overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  const t = await makeTestApp({ ...fast, ...overrides });
  cleanup.push(() => t.close());
  return t;
}

async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start();
  cleanup.push(() => r.stop());
  return r;
}

async function endpoint(
  t: TestApp,
  url: string,
  events: string[] = ['*'],
): Promise<{ id: string; secret: string }> {
  const res = await t.call('POST', '/v2/webhook_endpoints', { url, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; secret: string };
}

async function createEvent(t: TestApp, title = 'Show', tickets: unknown[] = []): Promise<string> {
  const res = await t.call('POST', '/v2/events', {
    title,
    venue: 'Hall',
    doors_at: '2026-12-24T19:00:00+00:00',
    tickets,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

async function deliveries(t: TestApp, endpointId: string): Promise<Delivery[]> {
  const res = await t.call('GET', `/v2/webhook_endpoints/${endpointId}/deliveries?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Delivery[] }).data;
}

const headersOf = (r: Received): Record<string, string> => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhook dispatcher against a real receiver', () => {
  it('delivers the stored message, signed per Standard Webhooks', async () => {
    const r = await receiver();
    const t = await app();
    const ep = await endpoint(t, r.url);
    const eventId = await createEvent(t);

    const [got] = await r.waitFor(1);
    const verified = new Webhook(ep.secret).verify(got!.body, headersOf(got!)) as {
      id: string;
      type: string;
      data: { object: { id: string } };
    };
    expect(verified.type).toBe('event.created');
    expect(verified.data.object.id).toBe(eventId);
    expect(got!.headers['webhook-id']).toBe(verified.id);
    expect(got!.headers['content-type']).toBe('application/json');
    // The body is the stored payload, byte for byte.
    const stored = t.app.ctx.db
      .prepare('SELECT payload FROM webhook_messages WHERE id = ?')
      .get(verified.id) as {
      payload: string;
    };
    expect(got!.body).toBe(stored.payload);
    // A tampered body fails verification.
    expect(() => new Webhook(ep.secret).verify(got!.body.replace('Show', 'Shaw'), headersOf(got!))).toThrow();

    const row = await eventually(async () => {
      const [d] = await deliveries(t, ep.id);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_response_code: 200,
      next_attempt_at: null,
    });
  });

  it('retries after a 500 and delivers on the second attempt with the same webhook-id', async () => {
    const r = await receiver();
    r.respond = (_req, i, res) => res.writeHead(i === 0 ? 500 : 200).end();
    const t = await app();
    const ep = await endpoint(t, r.url);
    await createEvent(t);

    const [first, second] = await r.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    // Under the name receivers' idempotency middleware reads, the same on the retry.
    expect(first!.headers['idempotency-key']).toBe(first!.headers['webhook-id']);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['webhook-id']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(140);
    new Webhook(ep.secret).verify(second!.body, headersOf(second!));
    const row = await eventually(async () => {
      const [d] = await deliveries(t, ep.id);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_response_code: 200 });
  });

  it('gives up after the schedule: 8 attempts, then failed', async () => {
    const r = await receiver();
    r.respond = (_req, _i, res) => res.writeHead(500).end();
    const t = await app({ webhookRetryScheduleMs: [20, 20, 20, 20, 20, 20, 20] });
    const ep = await endpoint(t, r.url);
    await createEvent(t);
    await eventually(() =>
      t.app.ctx.webhooks.repos.deliveries.counts(ep.id).failed === 1 ? true : undefined,
    );
    const [row] = await deliveries(t, ep.id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 8,
      last_response_code: 500,
      next_attempt_at: null,
    });
    expect(r.received).toHaveLength(8);
    const status = (await t.call('GET', '/v2/webhooks/status')).json() as { failed: number; queued: number };
    expect(status).toMatchObject({ failed: 1, queued: 0 });

    // retry_failed sends it again now; the receiver recovered.
    r.respond = (_req, _i, res) => res.writeHead(204).end();
    const retried = await t.call('POST', `/v2/webhook_endpoints/${ep.id}/retry_failed`);
    expect(retried.json()).toEqual({ endpoint_id: ep.id, retried: 1 });
    await eventually(() =>
      t.app.ctx.webhooks.repos.deliveries.find(row!.id)?.status === 'delivered' ? true : undefined,
    );
    expect(r.received).toHaveLength(9);
  });

  it('410 Gone disables the endpoint; its pending deliveries wait until it is enabled again', async () => {
    const r = await receiver();
    r.respond = (_req, _i, res) => res.writeHead(410).end();
    const t = await app();
    const ep = await endpoint(t, r.url);
    await createEvent(t, 'First');
    await r.waitFor(1);
    const disabled = await eventually(async () => {
      const got = (await t.call('GET', `/v2/webhook_endpoints/${ep.id}`)).json() as Record<string, unknown>;
      return got.status === 'disabled' ? got : undefined;
    });
    expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });

    // Messages while disabled are not queued for it; the 410'd one stays pending, unattempted.
    await createEvent(t, 'Second');
    await new Promise((res) => setTimeout(res, 500));
    expect(r.received).toHaveLength(1);
    const rows = await deliveries(t, ep.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 410 });

    r.respond = (_req, _i, res) => res.writeHead(200).end();
    const enabled = await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { status: 'enabled' });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabled_reason: null });
    await r.waitFor(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
  });

  it('an unreachable receiver uses no attempts, is probed, and gets the backlog in order once back', async () => {
    const port = await closedPort();
    const r = new WebhookReceiver();
    r.port = port;
    cleanup.push(() => r.stop());
    const t = await app({ webhookConcurrency: 1 });
    const ep = await endpoint(t, `http://127.0.0.1:${port}/hooks`);
    const titles = ['A', 'B', 'C', 'D', 'E'];
    for (const title of titles) await createEvent(t, title);

    // Several probe intervals pass while it is down.
    await new Promise((res) => setTimeout(res, 1_000));
    const down = await deliveries(t, ep.id);
    expect(down).toHaveLength(5);
    for (const d of down) expect(d).toMatchObject({ status: 'pending', attempts: 0 });
    expect(down[0]!.last_error).toMatch(/^offline: .*ECONNREFUSED/);
    const status = (await t.call('GET', '/v2/webhooks/status')).json() as {
      online: boolean;
      queued: number;
      failing: number;
      endpoints: { online: boolean }[];
    };
    expect(status).toMatchObject({ online: false, queued: 5, failing: 0 });
    expect(status.endpoints[0]!.online).toBe(false);

    await r.start();
    const backAt = Date.now();
    const got = await r.waitFor(5, 20_000);
    // Noticed by the 300 ms probe: the 10 s default's next look is about 9 s after the receiver
    // came back, so half that tells them apart without a guess at the machine's speed.
    expect(got[0]!.at - backAt).toBeLessThan(defaultProbeMs / 2);
    const order = got.map(
      (g) => (JSON.parse(g.body) as { data: { object: { title: string } } }).data.object.title,
    );
    expect(order).toEqual(titles);
    await eventually(() =>
      t.app.ctx.webhooks.repos.deliveries.counts(ep.id).queued === 0 ? true : undefined,
    );
    for (const d of await deliveries(t, ep.id)) expect(d).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(((await t.call('GET', '/v2/webhooks/status')).json() as { online: boolean }).online).toBe(true);
  });

  it('honours Retry-After on 429 over the schedule', async () => {
    const r = await receiver();
    r.respond = (_req, i, res) =>
      i === 0 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end();
    const t = await app();
    await endpoint(t, r.url);
    await createEvent(t);
    const [first, second] = await r.waitFor(2, 5_000);
    // The schedule says 150 ms; the receiver asked for 1 s.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('a manual retry during a Retry-After pause is due when the pause ends, and says so', async () => {
    const r = await receiver();
    r.respond = (_req, _i, res) => res.writeHead(429, { 'retry-after': '30' }).end();
    const t = await app();
    const ep = await endpoint(t, r.url);
    await createEvent(t);
    await r.waitFor(1, 5_000);
    const [pending] = await eventually(async () => {
      const list = await deliveries(t, ep.id);
      return list.length === 1 && list[0]!.attempts === 1 ? list : undefined;
    });
    const pausedUntil = t.app.ctx.webhooks.health.get(ep.id).pausedUntil;
    expect(pausedUntil).toBeGreaterThan(Date.now() + 25_000);
    const retried = await t.call('POST', `/v2/webhook_deliveries/${pending!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((retried.json() as { next_attempt_at: string }).next_attempt_at).toBe(
      new Date(pausedUntil).toISOString(),
    );
  });

  it('lists a delivery waiting behind a Retry-After pause as due when the pause ends', async () => {
    const r = await receiver();
    r.respond = (_req, _i, res) => res.writeHead(429, { 'retry-after': '30' }).end();
    const t = await app();
    const ep = await endpoint(t, r.url);
    await createEvent(t, 'First');
    await r.waitFor(1, 5_000);
    await eventually(async () => ((await deliveries(t, ep.id))[0]?.attempts === 1 ? true : undefined));
    const pausedUntil = t.app.ctx.webhooks.health.get(ep.id).pausedUntil;
    expect(pausedUntil).toBeGreaterThan(Date.now() + 25_000);
    // A message written during the pause: not attempted before it ends, and the log says when.
    await createEvent(t, 'Second');
    const [, waiting] = await eventually(async () => {
      const list = await deliveries(t, ep.id);
      return list.length === 2 ? list : undefined;
    });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting!.next_attempt_at).toBe(new Date(pausedUntil).toISOString());
    expect(r.received).toHaveLength(1);
  });

  it('signs with both secrets for a day after rotate_secret', async () => {
    const r = await receiver();
    const t = await app();
    const ep = await endpoint(t, r.url);
    const rotated = await t.call('POST', `/v2/webhook_endpoints/${ep.id}/rotate_secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret } = rotated.json() as { secret: string };
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSecret).not.toBe(ep.secret);

    await createEvent(t);
    const [got] = await r.waitFor(1);
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    new Webhook(newSecret).verify(got!.body, headersOf(got!));
    new Webhook(ep.secret).verify(got!.body, headersOf(got!));
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(got!.body, headersOf(got!)),
    ).toThrow();

    // After the 24 h overlap only the new secret signs.
    t.app.ctx.db
      .prepare('UPDATE webhook_endpoints SET previous_expires_at = ? WHERE id = ?')
      .run(Date.now() - 1, ep.id);
    t.app.ctx.webhooks.cache.refresh();
    await createEvent(t, 'Later');
    const [, later] = await r.waitFor(2);
    expect(String(later!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    new Webhook(newSecret).verify(later!.body, headersOf(later!));
    expect(() => new Webhook(ep.secret).verify(later!.body, headersOf(later!))).toThrow();
  });

  it('sends each endpoint only the kinds it asked for', async () => {
    const all = await receiver();
    const tiersOnly = await receiver();
    const t = await app();
    await endpoint(t, all.url, ['*']);
    await endpoint(t, tiersOnly.url, ['tier.created']);
    await createEvent(t, 'Filtered', [{ name: 'GA', price_cents: 100 }]);
    await all.waitFor(2);
    await tiersOnly.waitFor(1);
    await new Promise((res) => setTimeout(res, 200));
    expect(all.received.map((g) => (JSON.parse(g.body) as { type: string }).type)).toEqual([
      'event.created',
      'tier.created',
    ]);
    expect(tiersOnly.received.map((g) => (JSON.parse(g.body) as { type: string }).type)).toEqual([
      'tier.created',
    ]);
  });

  it('stops cleanly with an attempt in flight; the delivery stays due', async () => {
    const r = await receiver();
    r.respond = () => undefined; // never answers
    const dataDir = tempDataDir();
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const first = await buildApp(testOptions(dataDir, fast));
    const created = await first.inject({
      method: 'POST',
      url: '/v2/webhook_endpoints',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: r.url, events: ['*'] }),
    });
    const { id } = created.json() as { id: string };
    first.ctx.outbox.emit('event.created', { id: 'evt_inflight' });
    await r.waitFor(1);
    const started = Date.now();
    await first.close();
    expect(Date.now() - started).toBeLessThan(3_000);

    r.respond = (_req, _i, res) => res.writeHead(200).end();
    const second = await buildApp(testOptions(dataDir, fast));
    cleanup.push(() => second.close());
    const row = second.ctx.webhooks.repos.deliveries.page(id, {
      newestFirst: false,
      cursorSeq: 0,
      limit: 5,
    })[0];
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await r.waitFor(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
  });

  it('refuses at delivery time a link-local URL stored while it was allowed', async () => {
    const dataDir = tempDataDir();
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // Workers off: nothing is ever sent to 169.254.x.x, even while allowed.
    const allowing = await buildApp(testOptions(dataDir, { webhookAllowLinkLocal: true }));
    const created = await allowing.inject({
      method: 'POST',
      url: '/v2/webhook_endpoints',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'http://169.254.10.10/hook', events: ['*'] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: string };
    allowing.ctx.outbox.emit('event.created', { id: 'evt_x' });
    await allowing.close();

    const strict = await buildApp(
      testOptions(dataDir, { ...fast, webhookRetryScheduleMs: [10, 10, 10, 10, 10, 10, 10] }),
    );
    cleanup.push(() => strict.close());
    const row = await eventually(() => {
      const [d] = strict.ctx.webhooks.repos.deliveries.page(id, {
        newestFirst: false,
        cursorSeq: 0,
        limit: 1,
      });
      return d?.status === 'failed' ? d : undefined;
    });
    expect(row.attempts).toBe(8);
    expect(row.last_error).toMatch(/link-local/);
  });
});
