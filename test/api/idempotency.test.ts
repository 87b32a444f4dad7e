import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createEvent,
  createKey,
  eventBody,
  expectError,
  expectInvalid,
  type EventJson,
} from '../support/foundation-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const withKey = (key: string) => ({ 'idempotency-key': key });
const create = (body: unknown, key: string, auth = adminSecret) =>
  t.call('POST', '/v2/events', body, auth, withKey(key));

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, creating nothing new', async () => {
    const first = await create(eventBody, 'order-42');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await create(eventBody, 'order-42');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((second.json() as EventJson).id).toBe((first.json() as EventJson).id);
    expect(countRows(t, 'events')).toBe(1);
  });

  it('treats the same JSON with keys in another order as another body', async () => {
    // The hash is over the parsed body as sent; documented in docs/api.md.
    await create(eventBody, 'k-order');
    const reordered = { doors_at: eventBody.doors_at, venue: eventBody.venue, title: eventBody.title };
    expectError(
      await create(reordered, 'k-order'),
      409,
      'conflict_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    );
  });

  it('refuses the same key with another body (409 idempotency_key_reused)', async () => {
    await create(eventBody, 'k1');
    const error = expectError(
      await create({ ...eventBody, title: 'Other' }, 'k1'),
      409,
      'conflict_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    );
    expect(error.message).toMatch(/different request/);
    expect(countRows(t, 'events')).toBe(1);
  });

  it('refuses the same key on another path', async () => {
    const event = await createEvent(t);
    await t.call('POST', `/v2/events/${event.id}/publish`, undefined, adminSecret, withKey('k-path'));
    expectError(
      await t.call('POST', `/v2/events/${event.id}/cancel`, undefined, adminSecret, withKey('k-path')),
      409,
      'conflict_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    );
    expect((await t.call('GET', `/v2/events/${event.id}`)).json()).toMatchObject({ status: 'published' });
  });

  it('replays a retry that writes the same path another way (a trailing slash, a percent-encoded id)', async () => {
    const event = await createEvent(t);
    const first = await t.call(
      'POST',
      `/v2/events/${event.id}/publish`,
      undefined,
      adminSecret,
      withKey('k-same'),
    );
    expect(first.statusCode).toBe(200);
    const encodedId = event.id.replace(/^e/, '%65');
    for (const path of [`/v2/events/${event.id}/publish/`, `/v2/events/${encodedId}/publish`]) {
      const again = await t.call('POST', path, undefined, adminSecret, withKey('k-same'));
      expect(again.statusCode, path).toBe(200);
      expect(again.headers['idempotent-replayed'], path).toBe('true');
      expect(again.body, path).toBe(first.body);
    }
    // Another action on the same event is still another request.
    expectError(
      await t.call('POST', `/v2/events/${event.id}/cancel/`, undefined, adminSecret, withKey('k-same')),
      409,
      'conflict_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    );
  });

  it('scopes keys per API key', async () => {
    const admin2 = await createKey(t, 'admin');
    const a = (await create(eventBody, 'shared')).json() as EventJson;
    const b = await create(eventBody, 'shared', admin2);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect((b.json() as EventJson).id).not.toBe(a.id);
    expect(countRows(t, 'events')).toBe(2);
  });

  it('replays a 4xx answer too, so a retried refusal stays refused', async () => {
    const first = await t.call(
      'POST',
      '/v2/events/evt_nope/publish',
      undefined,
      adminSecret,
      withKey('k404'),
    );
    expect(first.statusCode).toBe(404);
    const again = await t.call(
      'POST',
      '/v2/events/evt_nope/publish',
      undefined,
      adminSecret,
      withKey('k404'),
    );
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('does not store an answer refused by validation, so a corrected retry with the key goes through', async () => {
    const bad = await create({ ...eventBody, doors_at: 'soon' }, 'k-fix');
    expectInvalid(bad, 'doors_at');
    // Same key, different (corrected) body: validation ran before the key was taken.
    const good = await create(eventBody, 'k-fix');
    expect(good.statusCode).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets keys after 24 hours', async () => {
    const first = (await create(eventBody, 'k-day')).json() as EventJson;
    t.clock.advance(24 * 60 * 60 + 1);
    const later = await create({ ...eventBody, title: 'Next day' }, 'k-day');
    expect(later.statusCode).toBe(200);
    expect((later.json() as EventJson).id).not.toBe(first.id);
  });

  it('still replays just inside 24 hours', async () => {
    const first = await create(eventBody, 'k-almost');
    t.clock.advance(24 * 60 * 60 - 1);
    const again = await create(eventBody, 'k-almost');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('refuses an empty or over-long key', async () => {
    expectInvalid(await create(eventBody, ''), 'Idempotency-Key');
    expectInvalid(await create(eventBody, 'k'.repeat(256)), 'Idempotency-Key');
    expect((await create(eventBody, 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('ignores the header on GET and PATCH', async () => {
    const event = await createEvent(t);
    const patched = await t.call(
      'PATCH',
      `/v2/events/${event.id}`,
      { title: 'A' },
      adminSecret,
      withKey('k-get'),
    );
    expect(patched.headers['idempotent-replayed']).toBeUndefined();
    const again = await t.call(
      'PATCH',
      `/v2/events/${event.id}`,
      { title: 'B' },
      adminSecret,
      withKey('k-get'),
    );
    expect(again.json()).toMatchObject({ title: 'B' });
    const read = await t.call('GET', `/v2/events/${event.id}`, undefined, adminSecret, withKey('k-get'));
    expect(read.statusCode).toBe(200);
  });

  it('creates one event when two requests with the same key race', async () => {
    const [a, b] = await Promise.all([create(eventBody, 'k-race'), create(eventBody, 'k-race')]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(countRows(t, 'events')).toBe(1);
    if (statuses[1] === 409) {
      // The loser arrived while the winner was still running.
      const loser = a.statusCode === 409 ? a : b;
      expectError(loser, 409, 'conflict_error', 'idempotency_key_in_use', 'Idempotency-Key');
    } else {
      expect(statuses).toEqual([200, 200]);
      expect(a.body).toBe(b.body);
    }
  });

  it('stores what it replays: status, body and the API key it belongs to', async () => {
    const first = await create(eventBody, 'k-stored');
    const row = t.app.ctx.db
      .prepare('SELECT api_key_id, status_code, response FROM idempotency_keys WHERE key = ?')
      .get('k-stored') as { api_key_id: string; status_code: number; response: string };
    expect(row.status_code).toBe(200);
    expect(row.response).toBe(first.body);
    expect(row.api_key_id).toMatch(/^key_/);
  });
});
