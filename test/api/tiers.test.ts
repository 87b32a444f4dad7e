import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createEvent,
  createTier,
  expectError,
  expectInvalid,
  expectMissing,
  listTiers,
  setSold,
  type EventJson,
  type TierJson,
} from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let event: EventJson;
beforeEach(async () => {
  t = await makeTestApp();
  event = await createEvent(t);
});
afterEach(async () => {
  await t.close();
});

const required = { name: 'General admission', price_cents: 2500, quantity: 100 };
const post = (body: unknown, eventId = event.id) => t.call('POST', `/v2/events/${eventId}/tiers`, body);
const patch = (id: string, body: unknown) => t.call('PATCH', `/v2/tiers/${id}`, body);

describe('POST /v2/events/{event_id}/tiers', () => {
  it('creates a tier with the contract defaults', async () => {
    const res = await post(required);
    expect(res.statusCode).toBe(200);
    const tier = res.json() as TierJson;
    expect(tier.id).toMatch(/^tkt_[A-Za-z0-9]{20}$/);
    expect(tier).toEqual({
      id: tier.id,
      event_id: event.id,
      name: 'General admission',
      price_cents: 2500,
      currency: 'usd',
      quantity: 100,
      sold: 0,
      comps: 0,
      voided: 0,
      sale_starts_at: null,
      sale_ends_at: null,
      max_per_order: 10,
      visibility: 'public',
      access_code: null,
      paper_pass: true,
      created_at: '2026-11-22T12:00:00.000Z',
    });
  });

  it('takes every tier field', async () => {
    const tier = await createTier(t, event.id, {
      currency: 'usd',
      sale_starts_at: '2026-12-01T10:00:00+01:00',
      sale_ends_at: '2026-12-24T18:00:00Z',
      max_per_order: 4,
      visibility: 'access_code',
      access_code: 'FRIENDS',
    });
    expect(tier).toMatchObject({
      sale_starts_at: '2026-12-01T09:00:00.000Z',
      sale_ends_at: '2026-12-24T18:00:00.000Z',
      max_per_order: 4,
      visibility: 'access_code',
      access_code: 'FRIENDS',
    });
  });

  it('requires name, price_cents and quantity', async () => {
    for (const field of ['name', 'price_cents', 'quantity'] as const) {
      const body: Record<string, unknown> = { ...required };
      delete body[field];
      expectMissing(await post(body), field);
    }
  });

  it('enforces the bounds of price_cents, quantity and max_per_order', async () => {
    expect((await post({ ...required, price_cents: 0 })).statusCode).toBe(200);
    expect((await post({ ...required, price_cents: 100_000_000 })).statusCode).toBe(200);
    expectInvalid(await post({ ...required, price_cents: 100_000_001 }), 'price_cents');
    expectInvalid(await post({ ...required, price_cents: -1 }), 'price_cents');
    expectInvalid(await post({ ...required, price_cents: 9.99 }), 'price_cents');
    expect((await post({ ...required, quantity: 0 })).statusCode).toBe(200);
    expectInvalid(await post({ ...required, quantity: -1 }), 'quantity');
    expectInvalid(await post({ ...required, quantity: 1_000_001 }), 'quantity');
    expect((await post({ ...required, max_per_order: 1 })).statusCode).toBe(200);
    expect((await post({ ...required, max_per_order: 100 })).statusCode).toBe(200);
    expectInvalid(await post({ ...required, max_per_order: 0 }), 'max_per_order');
    expectInvalid(await post({ ...required, max_per_order: 101 }), 'max_per_order');
  });

  it('refuses wrong types without coercion', async () => {
    expectInvalid(await post({ ...required, price_cents: '2500' }), 'price_cents');
    expectInvalid(await post({ ...required, quantity: true }), 'quantity');
    expectInvalid(await post({ ...required, name: 42 }), 'name');
    expectInvalid(await post({ ...required, name: '' }), 'name');
    expectInvalid(await post({ ...required, visibility: 'secret' }), 'visibility');
    expectInvalid(await post({ ...required, max_per_order: null }), 'max_per_order');
  });

  it('refuses unknown and read-only fields', async () => {
    expectInvalid(await post({ ...required, sold: 5 }), 'sold');
    expectInvalid(await post({ ...required, event_id: 'evt_other' }), 'event_id');
    expectInvalid(await post({ ...required, colour: 'red' }), 'colour');
  });

  it('refuses sale times without a UTC offset', async () => {
    expectInvalid(await post({ ...required, sale_starts_at: '2026-12-01T10:00:00' }), 'sale_starts_at');
    expectInvalid(await post({ ...required, sale_ends_at: '2026-12-01' }), 'sale_ends_at');
  });

  it('refuses sale_ends_at at or before sale_starts_at', async () => {
    const window = { sale_starts_at: '2026-12-02T00:00:00Z' };
    expectInvalid(
      await post({ ...required, ...window, sale_ends_at: '2026-12-01T00:00:00Z' }),
      'sale_ends_at',
    );
    expectInvalid(
      await post({ ...required, ...window, sale_ends_at: '2026-12-02T01:00:00+01:00' }),
      'sale_ends_at',
    );
    expect((await post({ ...required, sale_ends_at: '2026-12-01T00:00:00Z' })).statusCode).toBe(200);
  });

  it('requires access_code exactly when visibility is access_code', async () => {
    expectMissing(await post({ ...required, visibility: 'access_code' }), 'access_code');
    expectMissing(await post({ ...required, visibility: 'access_code', access_code: null }), 'access_code');
    expectInvalid(await post({ ...required, visibility: 'access_code', access_code: '' }), 'access_code');
    expectInvalid(await post({ ...required, access_code: 'X' }), 'access_code');
    expectInvalid(await post({ ...required, visibility: 'unlisted', access_code: 'X' }), 'access_code');
    expect((await post({ ...required, visibility: 'public', access_code: null })).statusCode).toBe(200);
  });

  it("refuses a currency other than the event's", async () => {
    const error = expectInvalid(await post({ ...required, currency: 'eur' }), 'currency');
    expect(error.message).toContain('usd');
    expectInvalid(await post({ ...required, currency: 'EUR' }), 'currency');
    const eurEvent = await createEvent(t, { currency: 'eur' });
    expect((await post(required, eurEvent.id)).json()).toMatchObject({ currency: 'eur' });
  });

  it('answers 404 with param event_id for an unknown event', async () => {
    expectError(await post(required, 'evt_nope'), 404, 'not_found_error', 'resource_missing', 'event_id');
    expect(countRows(t, 'tiers')).toBe(0);
  });
});

describe('GET /v2/tiers/{id} and GET /v2/events/{event_id}/tiers', () => {
  it('answers a tier by id and 404 for an unknown one', async () => {
    const tier = await createTier(t, event.id);
    expect((await t.call('GET', `/v2/tiers/${tier.id}`)).json()).toEqual(tier);
    expectError(await t.call('GET', '/v2/tiers/tkt_nope'), 404, 'not_found_error', 'resource_missing', 'id');
  });

  it("lists only the event's tiers, oldest first, whatever their visibility", async () => {
    const a = await createTier(t, event.id, { name: 'A' });
    const b = await createTier(t, event.id, { name: 'B', visibility: 'unlisted' });
    const other = await createEvent(t);
    await createTier(t, other.id, { name: 'Other' });
    const res = await t.call('GET', `/v2/events/${event.id}/tiers`);
    expect(res.json()).toEqual({ object: 'list', data: [a, b], has_more: false, next_cursor: null });
  });

  it('answers 404 with param event_id when listing an unknown event', async () => {
    expectError(
      await t.call('GET', '/v2/events/evt_nope/tiers'),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
  });
});

describe('PATCH /v2/tiers/{id}', () => {
  let tier: TierJson;
  beforeEach(async () => {
    tier = await createTier(t, event.id);
  });

  it('changes every editable field at once', async () => {
    const res = await patch(tier.id, {
      name: 'Early bird',
      price_cents: 1500,
      currency: 'usd',
      quantity: 50,
      sale_starts_at: '2026-12-01T00:00:00Z',
      sale_ends_at: '2026-12-10T00:00:00-02:00',
      max_per_order: 3,
      visibility: 'access_code',
      access_code: 'EARLY',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...tier,
      name: 'Early bird',
      price_cents: 1500,
      quantity: 50,
      sale_starts_at: '2026-12-01T00:00:00.000Z',
      sale_ends_at: '2026-12-10T02:00:00.000Z',
      max_per_order: 3,
      visibility: 'access_code',
      access_code: 'EARLY',
    });
    expect((await t.call('GET', `/v2/tiers/${tier.id}`)).json()).toEqual(res.json());
  });

  it('changes each field alone and leaves the others', async () => {
    const changes: Record<string, unknown>[] = [
      { name: 'Renamed' },
      { price_cents: 0 },
      { quantity: 7 },
      { max_per_order: 100 },
      { visibility: 'unlisted' },
      { sale_starts_at: '2026-12-01T00:00:00.000Z' },
      { sale_ends_at: '2026-12-20T00:00:00.000Z' },
    ];
    let expected: TierJson = tier;
    for (const change of changes) {
      expected = { ...expected, ...change } as TierJson;
      const res = await patch(tier.id, change);
      expect(res.json(), JSON.stringify(change)).toEqual(expected);
    }
  });

  it('clears the sale window with null', async () => {
    await patch(tier.id, { sale_starts_at: '2026-12-01T00:00:00Z', sale_ends_at: '2026-12-02T00:00:00Z' });
    const res = await patch(tier.id, { sale_starts_at: null, sale_ends_at: null });
    expect(res.json()).toMatchObject({ sale_starts_at: null, sale_ends_at: null });
  });

  it('checks the window against the stored other end', async () => {
    await patch(tier.id, { sale_starts_at: '2026-12-10T00:00:00Z' });
    expectInvalid(await patch(tier.id, { sale_ends_at: '2026-12-09T00:00:00Z' }), 'sale_ends_at');
    await patch(tier.id, { sale_starts_at: null, sale_ends_at: '2026-12-05T00:00:00Z' });
    expectInvalid(await patch(tier.id, { sale_starts_at: '2026-12-06T00:00:00Z' }), 'sale_ends_at');
  });

  it('switches visibility public → access_code only with a code', async () => {
    expectMissing(await patch(tier.id, { visibility: 'access_code' }), 'access_code');
    expectInvalid(await patch(tier.id, { access_code: 'NOPE' }), 'access_code');
    const res = await patch(tier.id, { visibility: 'access_code', access_code: 'VIP' });
    expect(res.json()).toMatchObject({ visibility: 'access_code', access_code: 'VIP' });
  });

  it('changes the code of an access_code tier, but never to null', async () => {
    await patch(tier.id, { visibility: 'access_code', access_code: 'VIP' });
    expect((await patch(tier.id, { access_code: 'VIP2' })).json()).toMatchObject({ access_code: 'VIP2' });
    expectMissing(await patch(tier.id, { access_code: null }), 'access_code');
  });

  it('clears the code when visibility leaves access_code', async () => {
    await patch(tier.id, { visibility: 'access_code', access_code: 'VIP' });
    const toPublic = await patch(tier.id, { visibility: 'public' });
    expect(toPublic.json()).toMatchObject({ visibility: 'public', access_code: null });
    await patch(tier.id, { visibility: 'access_code', access_code: 'VIP' });
    const toUnlisted = await patch(tier.id, { visibility: 'unlisted', access_code: null });
    expect(toUnlisted.json()).toMatchObject({ visibility: 'unlisted', access_code: null });
    await patch(tier.id, { visibility: 'access_code', access_code: 'VIP' });
    expectInvalid(await patch(tier.id, { visibility: 'public', access_code: 'VIP' }), 'access_code');
  });

  it('refuses id, event_id and sold', async () => {
    for (const field of ['id', 'event_id', 'sold', 'created_at']) {
      expectInvalid(await patch(tier.id, { [field]: field === 'sold' ? 1 : 'x' }), field);
    }
  });

  it('enforces the same bounds as on create', async () => {
    expectInvalid(await patch(tier.id, { price_cents: 100_000_001 }), 'price_cents');
    expectInvalid(await patch(tier.id, { max_per_order: 0 }), 'max_per_order');
    expectInvalid(await patch(tier.id, { max_per_order: 101 }), 'max_per_order');
    expectInvalid(await patch(tier.id, { quantity: -1 }), 'quantity');
    expectInvalid(await patch(tier.id, { name: null }), 'name');
    expectInvalid(await patch(tier.id, { currency: 'eur' }), 'currency');
    expect((await t.call('GET', `/v2/tiers/${tier.id}`)).json()).toEqual(tier);
  });

  it('never lets quantity go below sold', async () => {
    setSold(t, tier.id, 30);
    const error = expectInvalid(await patch(tier.id, { quantity: 29 }), 'quantity');
    expect(error.message).toContain('30');
    expect((await patch(tier.id, { quantity: 30 })).json()).toMatchObject({ quantity: 30, sold: 30 });
  });

  it('treats {} as a no-op and answers 404 for an unknown tier', async () => {
    expect((await patch(tier.id, {})).json()).toEqual(tier);
    expectError(await patch('tkt_nope', { name: 'x' }), 404, 'not_found_error', 'resource_missing', 'id');
  });
});

describe('DELETE /v2/tiers/{id}', () => {
  it('deletes an unsold tier', async () => {
    const tier = await createTier(t, event.id);
    const res = await t.call('DELETE', `/v2/tiers/${tier.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tier.id, deleted: true });
    expectError(
      await t.call('GET', `/v2/tiers/${tier.id}`),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expect(await listTiers(t, event.id)).toEqual([]);
  });

  it('refuses a tier with sales (409 tier_has_sales) and keeps it', async () => {
    const tier = await createTier(t, event.id);
    setSold(t, tier.id, 1);
    const error = expectError(
      await t.call('DELETE', `/v2/tiers/${tier.id}`),
      409,
      'conflict_error',
      'tier_has_sales',
    );
    expect(error.message).toContain('1 ticket');
    expect((await t.call('GET', `/v2/tiers/${tier.id}`)).json()).toMatchObject({ id: tier.id, sold: 1 });
  });

  it('answers 404 for an unknown or already deleted tier', async () => {
    const tier = await createTier(t, event.id);
    await t.call('DELETE', `/v2/tiers/${tier.id}`);
    expectError(
      await t.call('DELETE', `/v2/tiers/${tier.id}`),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectError(
      await t.call('DELETE', '/v2/tiers/tkt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });
});
