import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/server/domain/api-keys.js';
import {
  createEvent,
  createKey,
  createTier,
  eventBody,
  expectError,
  expectInvalid,
  expectMissing,
} from '../support/foundation-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const expect401 = (res: Awaited<ReturnType<TestApp['call']>>) =>
  expectError(res, 401, 'authentication_error', 'invalid_api_key');
const expect403 = (res: Awaited<ReturnType<TestApp['call']>>) =>
  expectError(res, 403, 'permission_error', 'insufficient_scope');

describe('authentication', () => {
  it('refuses a keyed route without an Authorization header', async () => {
    const error = expect401(await t.call('GET', '/v2/events', undefined, null));
    expect(error.message).toMatch(/Bearer/);
  });

  it('refuses other authorization schemes and an empty bearer', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', adminSecret]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v2/events',
        headers: { authorization: header },
      });
      expect401(res);
    }
  });

  it('accepts the bearer scheme case-insensitively', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/events',
      headers: { authorization: `bearer ${adminSecret}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unknown key', async () => {
    expect401(await t.call('GET', '/v2/events', undefined, 'sk_live_doesnotexist000000000000000'));
  });

  it('refuses a revoked key at once', async () => {
    const secret = await createKey(t, 'box_office');
    expect((await t.call('GET', '/v2/events', undefined, secret)).statusCode).toBe(200);
    const keys = (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string; scope: string }[] };
    const id = keys.data.find((key) => key.scope === 'box_office')!.id;
    expect((await t.call('DELETE', `/v2/api_keys/${id}`)).statusCode).toBe(200);
    expect401(await t.call('GET', '/v2/events', undefined, secret));
  });

  it('refuses before validating: a keyless bad body is 401, not 400', async () => {
    expect401(await t.call('POST', '/v2/events', '{bad', null));
  });

  it('needs no key for health, openapi.json, jwks and the public event page', async () => {
    const event = await createEvent(t);
    for (const url of ['/v2/health', '/v2/openapi.json', '/v2/scan/jwks', `/e/${event.id}`]) {
      const res = await t.call('GET', url, undefined, null);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('ignores a bad key on public routes', async () => {
    const res = await t.call('GET', '/v2/health', undefined, 'sk_live_doesnotexist000000000000000');
    expect(res.statusCode).toBe(200);
  });
});

describe('scopes', () => {
  let boxOffice: string;
  let scanner: string;
  let eventId: string;
  let tierId: string;
  beforeEach(async () => {
    boxOffice = await createKey(t, 'box_office');
    scanner = await createKey(t, 'scanner');
    eventId = (await createEvent(t)).id;
    tierId = (await createTier(t, eventId)).id;
  });

  it('lets box_office read events and tiers', async () => {
    for (const url of [
      '/v2/events',
      `/v2/events/${eventId}`,
      `/v2/events/${eventId}/tiers`,
      `/v2/tiers/${tierId}`,
    ]) {
      const res = await t.call('GET', url, undefined, boxOffice);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('refuses box_office every write on events and tiers', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/v2/events', eventBody],
      ['PATCH', `/v2/events/${eventId}`, { title: 'x' }],
      ['POST', `/v2/events/${eventId}/publish`],
      ['POST', `/v2/events/${eventId}/cancel`],
      ['POST', `/v2/events/${eventId}/tiers`, { name: 'x', price_cents: 1, quantity: 1 }],
      ['PATCH', `/v2/tiers/${tierId}`, { name: 'x' }],
      ['DELETE', `/v2/tiers/${tierId}`],
    ];
    for (const [method, url, body] of writes) {
      const error = expect403(await t.call(method as 'POST', url, body, boxOffice));
      expect(error.message).toContain("scope 'box_office'");
    }
    const event = (await t.call('GET', `/v2/events/${eventId}`)).json() as { title: string; status: string };
    expect(event).toMatchObject({ title: eventBody.title, status: 'draft' });
  });

  it('refuses scanner the event and tier reads', async () => {
    for (const url of [
      '/v2/events',
      `/v2/events/${eventId}`,
      `/v2/events/${eventId}/tiers`,
      `/v2/tiers/${tierId}`,
    ]) {
      expect403(await t.call('GET', url, undefined, scanner));
    }
  });

  it('keeps keys, usage and key rotation admin-only', async () => {
    for (const secret of [boxOffice, scanner]) {
      expect403(await t.call('GET', '/v2/api_keys', undefined, secret));
      expect403(await t.call('POST', '/v2/api_keys', { name: 'x', scope: 'admin' }, secret));
      expect403(await t.call('GET', '/v2/usage', undefined, secret));
      expect403(await t.call('POST', '/v2/scan/keys/rotate', undefined, secret));
    }
  });

  it('checks the key before the scope: an unknown key is 401 even on an admin route', async () => {
    expect401(await t.call('POST', '/v2/events', eventBody, 'sk_live_doesnotexist000000000000000'));
  });

  it('refuses a scope check before validating the body', async () => {
    expect403(await t.call('POST', '/v2/events', { nonsense: true }, boxOffice));
  });

  it('lets a second admin key do everything', async () => {
    const admin2 = await createKey(t, 'admin');
    expect((await t.call('POST', '/v2/events', eventBody, admin2)).statusCode).toBe(200);
    expect((await t.call('GET', '/v2/api_keys', undefined, admin2)).statusCode).toBe(200);
  });
});

describe('/v2/api_keys', () => {
  it('creates a key whose secret is shown once and stored only hashed', async () => {
    const res = await t.call('POST', '/v2/api_keys', { name: 'Till 2', scope: 'box_office' });
    expect(res.statusCode).toBe(200);
    const key = res.json() as Record<string, string | null>;
    expect(key).toMatchObject({ name: 'Till 2', scope: 'box_office', revoked_at: null });
    expect(key.id).toMatch(/^key_[A-Za-z0-9]{20}$/);
    expect(key.secret).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    expect(key.last4).toBe(key.secret!.slice(-4));
    expect(key.created_at).toBe('2026-11-22T12:00:00.000Z');

    const row = t.app.ctx.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<
      string,
      unknown
    >;
    expect(row.secret_hash).toBe(hashSecret(key.secret!));
    expect(JSON.stringify(row)).not.toContain(key.secret);

    const listed = (await t.call('GET', '/v2/api_keys')).json() as { data: Record<string, unknown>[] };
    const again = listed.data.find((k) => k.id === key.id)!;
    expect(again).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(key.secret);
  });

  it('lists keys oldest first, the first admin key included', async () => {
    await createKey(t, 'scanner');
    const res = await t.call('GET', '/v2/api_keys');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { object: string; data: { name: string; scope: string }[]; has_more: boolean };
    expect(list).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(list.data.map((k) => k.scope)).toEqual(['admin', 'scanner']);
    expect(list.data[0]!.name).toBe('First admin key');
  });

  it('pages like every list: limit (1-100, default 20) and cursor', async () => {
    for (let i = 0; i < 24; i++) await createKey(t, 'box_office');
    const first = (await t.call('GET', '/v2/api_keys')).json() as {
      data: { id: string }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(first.data).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const rest = (await t.call('GET', `/v2/api_keys?cursor=${first.next_cursor}&limit=100`)).json() as {
      data: { id: string }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.data).toHaveLength(5);
    expect(new Set([...first.data, ...rest.data].map((k) => k.id)).size).toBe(25);
    expectInvalid(await t.call('GET', '/v2/api_keys?limit=0'), 'limit');
    expectInvalid(await t.call('GET', '/v2/api_keys?limit=101'), 'limit');
    expectInvalid(await t.call('GET', '/v2/api_keys?cursor=zzz'), 'cursor');
    expectInvalid(await t.call('GET', '/v2/api_keys?foo=1'), 'foo');
  });

  it('revokes a key; revoking again keeps the first revocation time', async () => {
    const created = (await t.call('POST', '/v2/api_keys', { name: 'Door 1', scope: 'scanner' })).json() as {
      id: string;
    };
    const first = await t.call('DELETE', `/v2/api_keys/${created.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: created.id, revoked_at: '2026-11-22T12:00:00.000Z' });
    t.clock.advance(60);
    const second = await t.call('DELETE', `/v2/api_keys/${created.id}`);
    expect(second.json()).toMatchObject({ revoked_at: '2026-11-22T12:00:00.000Z' });
    const listed = (await t.call('GET', '/v2/api_keys')).json() as {
      data: { id: string; revoked_at: string }[];
    };
    expect(listed.data.find((k) => k.id === created.id)!.revoked_at).toBe('2026-11-22T12:00:00.000Z');
  });

  it('refuses to revoke the last admin key (409 last_admin_key), which would lock the venue out for good', async () => {
    const keys = (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string; scope: string }[] };
    const only = keys.data.find((k) => k.scope === 'admin')!;
    const refused = expectError(
      await t.call('DELETE', `/v2/api_keys/${only.id}`),
      409,
      'conflict_error',
      'last_admin_key',
    );
    expect(refused.message).toMatch(/Create another admin key first/);
    expect((await t.call('GET', '/v2/api_keys')).statusCode).toBe(200);
    // With a second admin key, either may go, but not both.
    const second = await createKey(t, 'admin');
    const secondId = (
      (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string; scope: string }[] }
    ).data.find((k) => k.scope === 'admin' && k.id !== only.id)!.id;
    expect((await t.call('DELETE', `/v2/api_keys/${only.id}`, undefined, second)).statusCode).toBe(200);
    expectError(
      await t.call('DELETE', `/v2/api_keys/${secondId}`, undefined, second),
      409,
      'conflict_error',
      'last_admin_key',
    );
  });

  it('answers 404 for an unknown key id', async () => {
    expectError(
      await t.call('DELETE', '/v2/api_keys/key_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('validates the create body', async () => {
    expectMissing(await t.call('POST', '/v2/api_keys', { scope: 'admin' }), 'name');
    expectMissing(await t.call('POST', '/v2/api_keys', { name: 'x' }), 'scope');
    expectInvalid(await t.call('POST', '/v2/api_keys', { name: 'x', scope: 'root' }), 'scope');
    expectInvalid(await t.call('POST', '/v2/api_keys', { name: '', scope: 'admin' }), 'name');
    expectInvalid(await t.call('POST', '/v2/api_keys', { name: 'x'.repeat(101), scope: 'admin' }), 'name');
    expectInvalid(
      await t.call('POST', '/v2/api_keys', { name: 'x', scope: 'admin', secret: 'sk_live_x' }),
      'secret',
    );
  });

  it('a revoked admin key cannot revoke itself back or act', async () => {
    const admin2 = await createKey(t, 'admin');
    const keys = (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string }[] };
    const id = keys.data.at(-1)!.id;
    expect((await t.call('DELETE', `/v2/api_keys/${id}`, undefined, admin2)).statusCode).toBe(200);
    expect401(await t.call('GET', '/v2/api_keys', undefined, admin2));
  });
});
