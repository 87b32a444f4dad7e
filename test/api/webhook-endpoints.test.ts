import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/store/db.js';
import {
  createEvent,
  createKey,
  expectError,
  expectInvalid,
  expectMissing,
  type ListJson,
} from '../support/foundation-fixtures.js';
import { waitUntil } from '../support/eventually.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface EndpointJson {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  created_at: string;
  secret?: string;
}

interface DeliveryJson {
  id: string;
  endpoint_id: string;
  message_id: string;
  type: string;
  status: string;
  attempts: number;
  last_response_code: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const receiverUrl = 'http://127.0.0.1:9/hooks';
const post = (body: unknown) => t.call('POST', '/v2/webhook_endpoints', body);

async function endpoint(body: Record<string, unknown> = {}): Promise<EndpointJson> {
  const res = await post({ url: receiverUrl, events: ['*'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EndpointJson;
}

async function deliveries(id: string, query = ''): Promise<ListJson<DeliveryJson>> {
  const res = await t.call('GET', `/v2/webhook_endpoints/${id}/deliveries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListJson<DeliveryJson>;
}

const count = (table: string) =>
  (t.app.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('POST /v2/webhook_endpoints', () => {
  it('creates an enabled endpoint and shows its secret once', async () => {
    const ep = await endpoint({ description: 'Accounting sync', events: ['order.created', 'payout.paid'] });
    expect(ep).toEqual({
      id: expect.stringMatching(/^we_[A-Za-z0-9]{20}$/),
      url: receiverUrl,
      events: ['order.created', 'payout.paid'],
      description: 'Accounting sync',
      status: 'enabled',
      disabled_reason: null,
      created_at: '2026-11-22T12:00:00.000Z',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    expect(Buffer.from(ep.secret!.slice(6), 'base64')).toHaveLength(24);

    const got = (await t.call('GET', `/v2/webhook_endpoints/${ep.id}`)).json() as EndpointJson;
    expect(got).not.toHaveProperty('secret');
    expect(got.id).toBe(ep.id);
    const list = (await t.call('GET', '/v2/webhook_endpoints')).json() as ListJson<EndpointJson>;
    expect(list.data.map((e) => e.id)).toEqual([ep.id]);
    expect(list.data[0]).not.toHaveProperty('secret');
  });

  it('names an unknown kind by its index', async () => {
    const err = expectInvalid(
      await post({ url: receiverUrl, events: ['order.created', 'order.creatd'] }),
      'events[1]',
    );
    expect(err.message).toContain("'order.creatd'");
    expectInvalid(await post({ url: receiverUrl, events: ['*', 'order.created'] }), 'events[0]');
    expectInvalid(await post({ url: receiverUrl, events: [] }), 'events');
    expectMissing(await post({ url: receiverUrl }), 'events');
    expectMissing(await post({ events: ['*'] }), 'url');
    expectInvalid(await post({ url: receiverUrl, events: ['*'], secret: 'whsec_x' }), 'secret');
    expect(count('webhook_endpoints')).toBe(0);
  });

  it('refuses URLs that are not http(s), clearly', async () => {
    for (const url of ['ftp://example.com/hook', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const err = expectInvalid(await post({ url, events: ['*'] }), 'url');
      expect(err.message).toMatch(/http:\/\/ or https:\/\//);
    }
  });

  it('refuses link-local and metadata addresses in every spelling', async () => {
    for (const url of [
      'https://[fe80::1]/hook',
      'http://169.254.10.10/hook',
      'http://[::ffff:169.254.10.10]/',
    ]) {
      const err = expectInvalid(await post({ url, events: ['*'] }), 'url');
      expect(err.message).toMatch(/link-local/);
    }
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://2852039166/', // 169.254.169.254 as one number
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/latest/meta-data',
      'http://100.100.100.200/latest/meta-data',
      'http://192.0.0.192/latest/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const err = expectInvalid(await post({ url, events: ['*'] }), 'url');
      expect(err.message, url).toMatch(/metadata/);
    }
    // LAN and loopback receivers are fine, IPv6 unique-local ones and IPv4-mapped spellings too.
    await endpoint({ url: 'http://192.168.1.20:8080/hooks' });
    await endpoint({ url: 'https://localhost/hooks' });
    await endpoint({ url: 'http://[fd12:3456::20]/hooks' });
    await endpoint({ url: 'http://[::ffff:10.0.0.20]/hooks' });
  });

  it('accepts link-local addresses when the server allows them, but never a metadata address', async () => {
    const allowing = await makeTestApp({ webhookAllowLinkLocal: true });
    try {
      const res = await allowing.call('POST', '/v2/webhook_endpoints', {
        url: 'http://169.254.10.10/hook',
        events: ['*'],
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/']) {
        const refused = await allowing.call('POST', '/v2/webhook_endpoints', { url, events: ['*'] });
        expect(expectInvalid(refused, 'url').message).toMatch(
          /metadata address; webhooks are never sent there/,
        );
      }
    } finally {
      await allowing.close();
    }
  });

  it('is admin only', async () => {
    const boxOffice = await createKey(t, 'box_office');
    expectError(
      await t.call('POST', '/v2/webhook_endpoints', { url: receiverUrl, events: ['*'] }, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await t.call('GET', '/v2/webhooks/status', undefined, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });
});

describe('PATCH, DELETE and rotate_secret', () => {
  it('changes fields, disables and enables', async () => {
    const ep = await endpoint({ description: 'x' });
    const patched = await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, {
      url: 'https://example.org/new',
      events: ['tier.created', 'tier.created'],
      description: null,
      status: 'disabled',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      url: 'https://example.org/new',
      events: ['tier.created'],
      description: null,
      status: 'disabled',
      disabled_reason: 'manual',
    });
    expect(patched.json()).not.toHaveProperty('secret');
    const enabled = await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { status: 'enabled' });
    expect(enabled.json()).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
      url: 'https://example.org/new',
    });

    expectInvalid(
      await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { url: 'http://169.254.1.1/' }),
      'url',
    );
    expectInvalid(await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { events: ['nope'] }), 'events[0]');
    expectInvalid(await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { status: 'paused' }), 'status');
    expectError(
      await t.call('PATCH', '/v2/webhook_endpoints/we_missing', { status: 'enabled' }),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('deletes an endpoint with its delivery log', async () => {
    const ep = await endpoint();
    await createEvent(t);
    expect((await deliveries(ep.id)).data).toHaveLength(1);
    expect(count('webhook_deliveries')).toBe(1);
    const res = await t.call('DELETE', `/v2/webhook_endpoints/${ep.id}`);
    expect(res.json()).toEqual({ id: ep.id, deleted: true });
    expect(count('webhook_deliveries')).toBe(0);
    expect(count('webhook_messages')).toBe(1);
    expectError(
      await t.call('GET', `/v2/webhook_endpoints/${ep.id}`),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectError(
      await t.call('DELETE', `/v2/webhook_endpoints/${ep.id}`),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    // No longer fanned out to.
    await createEvent(t);
    await t.call('GET', '/v2/webhooks/status');
    expect(count('webhook_deliveries')).toBe(0);
  });

  it('rotates the secret, keeping the old one for 24 hours', async () => {
    const ep = await endpoint();
    const res = await t.call('POST', `/v2/webhook_endpoints/${ep.id}/rotate_secret`);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as EndpointJson;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(ep.secret);
    const row = t.app.ctx.webhooks.repos.endpoints.find(ep.id)!;
    expect(row.previous_secret).toBe(ep.secret);
    expect(row.previous_expires_at).toBe(t.clock.ms + 24 * 3600 * 1000);
  });
});

describe('fan-out from the outbox', () => {
  it('gives each enabled endpoint whose filter matches one delivery', async () => {
    const all = await endpoint();
    const tiers = await endpoint({ events: ['tier.created'] });
    const off = await endpoint();
    await t.call('PATCH', `/v2/webhook_endpoints/${off.id}`, { status: 'disabled' });

    await createEvent(t, { tickets: [{ name: 'GA', price_cents: 100 }] });
    expect((await deliveries(all.id)).data.map((d) => d.type)).toEqual(['event.created', 'tier.created']);
    expect((await deliveries(tiers.id)).data.map((d) => d.type)).toEqual(['tier.created']);
    expect((await deliveries(off.id)).data).toEqual([]);

    const [first] = (await deliveries(all.id)).data;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^dlv_/),
      endpoint_id: all.id,
      message_id: expect.stringMatching(/^msg_/),
      status: 'pending',
      attempts: 0,
      last_response_code: null,
      last_attempt_at: null,
      next_attempt_at: '2026-11-22T12:00:00.000Z',
      created_at: '2026-11-22T12:00:00.000Z',
    });
  });

  it('writes nothing when the change rolls back', async () => {
    await endpoint();
    // The second tier is invalid, so the whole event creation is refused.
    const res = await t.call('POST', '/v2/events', {
      title: 'T',
      venue: 'V',
      doors_at: '2026-12-24T19:00:00+00:00',
      tickets: [
        { name: 'GA', price_cents: 100 },
        { name: 'VIP', price_cents: 100, visibility: 'access_code' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(count('webhook_messages')).toBe(0);

    expect(() =>
      inTransaction(t.app.ctx.db, () => {
        t.app.ctx.outbox.emit('event.created', { id: 'evt_x' });
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    expect(count('webhook_messages')).toBe(0);
    expect((await t.call('GET', '/v2/webhooks/status')).json()).toMatchObject({ queued: 0 });
    expect(count('webhook_deliveries')).toBe(0);
  });

  it('sends an endpoint what was written while it was enabled, in write order, and nothing else', async () => {
    await createEvent(t, { title: 'Before the endpoint existed' });
    const ep = await endpoint({ events: ['event.created'] });
    await createEvent(t, { title: 'One' });
    await createEvent(t, { title: 'Two' });
    // Disabling first hands over what was written while enabled (filter and all)…
    await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { status: 'disabled' });
    await createEvent(t, { title: 'While disabled' });
    await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { status: 'enabled' });
    await createEvent(t, { title: 'Three' });
    // …and a new filter applies from the change on.
    await t.call('PATCH', `/v2/webhook_endpoints/${ep.id}`, { events: ['event.updated'] });
    await createEvent(t, { title: 'Not wanted any more' });

    const titles = (await deliveries(ep.id)).data.map((d) => {
      const row = t.app.ctx.db
        .prepare('SELECT payload FROM webhook_messages WHERE id = ?')
        .get(d.message_id) as {
        payload: string;
      };
      return (JSON.parse(row.payload) as { data: { object: { title: string } } }).data.object.title;
    });
    expect(titles).toEqual(['One', 'Two', 'Three']);
  });

  it('fans out a backlog a slice per turn, in write order, and says when some is left', async () => {
    const ep = await endpoint({ events: ['event.created'] });
    const quiet = await endpoint({ events: ['payout.paid'] });
    for (const title of ['A', 'B', 'C', 'D', 'E']) await createEvent(t, { title });
    const { fanOut } = t.app.ctx.webhooks;
    const everyone = () => true;
    const delivered = () =>
      (
        t.app.ctx.db
          .prepare('SELECT message_id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY seq')
          .all(ep.id) as { message_id: string }[]
      ).map((row) => row.message_id);
    const written = (
      t.app.ctx.db.prepare('SELECT id FROM webhook_messages ORDER BY seq').all() as { id: string }[]
    ).map((row) => row.id);

    expect(fanOut.catchUpSome(everyone, 2)).toBe(true);
    expect(delivered()).toEqual(written.slice(0, 2));
    expect(fanOut.catchUpSome(everyone, 2)).toBe(true);
    expect(delivered()).toEqual(written.slice(0, 4));
    // The last one; the filtered-out endpoint's cursor moved past all five as well.
    expect(fanOut.catchUpSome(everyone, 2)).toBe(false);
    expect(delivered()).toEqual(written);
    expect(fanOut.catchUpSome(everyone, 2)).toBe(false);
    expect((await deliveries(quiet.id)).data).toEqual([]);
  });
});

describe('delivery log, retries and status', () => {
  async function threeDeliveries(): Promise<{ ep: EndpointJson; ids: string[] }> {
    const ep = await endpoint();
    for (const title of ['A', 'B', 'C']) await createEvent(t, { title });
    return { ep, ids: (await deliveries(ep.id)).data.map((d) => d.id) };
  }

  it('lists oldest first with cursors, newest first on request, filtered by status', async () => {
    const { ep, ids } = await threeDeliveries();
    const page1 = await deliveries(ep.id, '?limit=2');
    expect(page1.data.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(page1.has_more).toBe(true);
    const page2 = await deliveries(ep.id, `?limit=2&cursor=${page1.next_cursor}`);
    expect(page2.data.map((d) => d.id)).toEqual(ids.slice(2));
    expect(page2.has_more).toBe(false);

    const newest = await deliveries(ep.id, '?order=newest&limit=2');
    expect(newest.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const older = await deliveries(ep.id, `?order=newest&limit=2&cursor=${newest.next_cursor}`);
    expect(older.data.map((d) => d.id)).toEqual([ids[0]]);
    // Spelled as the orders and audit lists spell it, too; a cursor serves either spelling.
    const newestFirst = await deliveries(ep.id, '?order=newest_first&limit=2');
    expect(newestFirst.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const olderFirst = await deliveries(ep.id, `?order=newest_first&limit=2&cursor=${newest.next_cursor}`);
    expect(olderFirst.data.map((d) => d.id)).toEqual([ids[0]]);
    const oldestFirst = await deliveries(ep.id, '?order=oldest_first&limit=2');
    expect(oldestFirst.data.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expectInvalid(await t.call('GET', `/v2/webhook_endpoints/${ep.id}/deliveries?order=sideways`), 'order');

    t.app.ctx.db
      .prepare("UPDATE webhook_deliveries SET status = 'failed', attempts = 8 WHERE id = ?")
      .run(ids[1]);
    expect((await deliveries(ep.id, '?status=failed')).data.map((d) => d.id)).toEqual([ids[1]]);
    expect((await deliveries(ep.id, '?status=pending')).data.map((d) => d.id)).toEqual([ids[0], ids[2]]);
    expectInvalid(await t.call('GET', `/v2/webhook_endpoints/${ep.id}/deliveries?status=lost`), 'status');
    expectError(
      await t.call('GET', '/v2/webhook_endpoints/we_nope/deliveries'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('retries one delivery or all failed ones, now', async () => {
    const { ep, ids } = await threeDeliveries();
    t.app.ctx.db
      .prepare(
        "UPDATE webhook_deliveries SET status = 'failed', attempts = 8, failures = 8, next_attempt_at = NULL",
      )
      .run();
    t.clock.advance(60);

    const one = await t.call('POST', `/v2/webhook_deliveries/${ids[0]}/retry`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: ids[0],
      status: 'pending',
      attempts: 8,
      next_attempt_at: '2026-11-22T12:01:00.000Z',
    });
    expect(t.app.ctx.webhooks.repos.deliveries.find(ids[0]!)?.failures).toBe(0);

    const bulk = await t.call('POST', `/v2/webhook_endpoints/${ep.id}/retry_failed`);
    expect(bulk.json()).toEqual({ endpoint_id: ep.id, retried: 2 });
    expect((await deliveries(ep.id, '?status=pending')).data).toHaveLength(3);

    expectError(
      await t.call('POST', '/v2/webhook_deliveries/dlv_nope/retry'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('reports queued, failing, failed and the oldest pending age', async () => {
    const empty = (await t.call('GET', '/v2/webhooks/status')).json();
    expect(empty).toEqual({
      online: true,
      held_back: false,
      queued: 0,
      failing: 0,
      failed: 0,
      oldest_pending_age_seconds: 0,
      endpoints: [],
    });

    const { ep, ids } = await threeDeliveries();
    t.app.ctx.db
      .prepare("UPDATE webhook_deliveries SET status = 'failed', attempts = 8 WHERE id = ?")
      .run(ids[0]);
    t.app.ctx.db.prepare('UPDATE webhook_deliveries SET attempts = 2, failures = 2 WHERE id = ?').run(ids[1]);
    // Delivered once, then sent again by hand: attempted, but nothing has failed.
    t.app.ctx.db.prepare('UPDATE webhook_deliveries SET attempts = 1, failures = 0 WHERE id = ?').run(ids[2]);
    t.clock.advance(90);
    const status = (await t.call('GET', '/v2/webhooks/status')).json();
    expect(status).toEqual({
      online: true,
      held_back: false,
      queued: 2,
      failing: 1,
      failed: 1,
      oldest_pending_age_seconds: 90,
      endpoints: [
        {
          id: ep.id,
          url: receiverUrl,
          status: 'enabled',
          online: true,
          queued: 2,
          failing: 1,
          failed: 1,
          last_success_at: null,
          last_failure_at: null,
        },
      ],
    });
  });

  it('says when sending is held back because API traffic saturates the server, and when it stops', async () => {
    const { budget } = t.app.ctx.webhooks;
    // Start a fresh measuring window (a sample is taken at most every 250 ms).
    await new Promise((r) => setTimeout(r, 300));
    expect(budget.throttled).toBe(false);
    // What a checkout rush looks like to the budget: many requests, an event loop with no rest.
    for (let i = 0; i < 1000; i++) budget.requestSeen();
    const until = performance.now() + 300;
    while (performance.now() < until) {
      /* the loop is busy */
    }
    expect((await t.call('GET', '/v2/webhooks/status')).json()).toMatchObject({ held_back: true });
    // The rush is over: at the next sample the budget lets sending go again.
    await waitUntil(
      async () =>
        ((await t.call('GET', '/v2/webhooks/status')).json() as { held_back: boolean }).held_back === false,
      10_000,
      'held_back: false after the rush',
    );
  });
});
