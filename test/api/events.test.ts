import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createEvent,
  createTier,
  eventBody,
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
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const now = '2026-11-22T12:00:00.000Z';

describe('POST /v2/events', () => {
  it('creates a draft with the contract defaults', async () => {
    const res = await t.call('POST', '/v2/events', eventBody);
    expect(res.statusCode).toBe(200);
    const event = res.json() as EventJson;
    expect(event.id).toMatch(/^evt_[A-Za-z0-9]{20}$/);
    expect(event).toEqual({
      id: event.id,
      title: 'Night show',
      venue: 'Main hall',
      doors_at: '2026-12-24T19:00:00.000Z',
      on_sale_at: now,
      status: 'draft',
      url: `http://venue.test/e/${event.id}`,
      currency: 'usd',
      // The server's own zone (this machine's; UTC on CI).
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      capacity: null,
      created_at: now,
    });
  });

  it('takes on_sale_at and currency, and answers times in UTC Z', async () => {
    const event = await createEvent(t, {
      doors_at: '2026-12-24T20:00:00+01:00',
      on_sale_at: '2026-12-01T09:30:00-05:00',
      currency: 'eur',
    });
    expect(event.doors_at).toBe('2026-12-24T19:00:00.000Z');
    expect(event.on_sale_at).toBe('2026-12-01T14:30:00.000Z');
    expect(event.currency).toBe('eur');
  });

  it('turns tickets[] into tiers in the same call, quantity defaulting to 100', async () => {
    const event = await createEvent(t, {
      currency: 'eur',
      tickets: [
        { name: 'GA', price_cents: 2500 },
        { name: 'VIP', price_cents: 9000, quantity: 20, max_per_order: 2, visibility: 'unlisted' },
        { name: 'Crew', price_cents: 0, visibility: 'access_code', access_code: 'CREW' },
      ],
    });
    const tiers = await listTiers(t, event.id);
    expect(tiers.map((tier) => [tier.name, tier.quantity, tier.currency, tier.visibility])).toEqual([
      ['GA', 100, 'eur', 'public'],
      ['VIP', 20, 'eur', 'unlisted'],
      ['Crew', 100, 'eur', 'access_code'],
    ]);
    expect(tiers[1]!.max_per_order).toBe(2);
    expect(tiers[2]!.access_code).toBe('CREW');
    expect(tiers.every((tier) => tier.event_id === event.id && tier.sold === 0)).toBe(true);
  });

  it('accepts an empty tickets[] and makes no tiers', async () => {
    const event = await createEvent(t, { tickets: [] });
    expect(await listTiers(t, event.id)).toEqual([]);
  });

  it('requires title, venue and doors_at', async () => {
    for (const field of ['title', 'venue', 'doors_at']) {
      const body: Record<string, unknown> = { ...eventBody };
      delete body[field];
      expectMissing(await t.call('POST', '/v2/events', body), field);
    }
    expectMissing(await t.call('POST', '/v2/events', {}), 'title');
  });

  it('refuses unknown fields, naming them', async () => {
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, status: 'published' }), 'status');
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, id: 'evt_mine' }), 'id');
    expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, tickets: [{ name: 'a', price_cents: 1, x: 1 }] }),
      'tickets[0].x',
    );
  });

  it('refuses wrong types without coercion', async () => {
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, title: 5 }), 'title');
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, venue: null }), 'venue');
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, tickets: {} }), 'tickets');
    expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, tickets: [{ name: 'a', price_cents: '100' }] }),
      'tickets[0].price_cents',
    );
    expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, tickets: [{ name: 'a', price_cents: 1.5 }] }),
      'tickets[0].price_cents',
    );
  });

  it('refuses out-of-bound text and lists', async () => {
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, title: '' }), 'title');
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, title: 'x'.repeat(201) }), 'title');
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, venue: '' }), 'venue');
    const tickets = Array.from({ length: 101 }, (_, i) => ({ name: `t${i}`, price_cents: 1 }));
    expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, tickets }), 'tickets');
  });

  it('refuses timestamps without a UTC offset, or not timestamps at all', async () => {
    for (const doors of [
      '2026-12-24T19:00:00',
      '2026-12-24',
      '24/12/2026 19:00',
      'tomorrow',
      '2026-13-24T19:00:00Z',
    ]) {
      expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, doors_at: doors }), 'doors_at');
    }
    expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, on_sale_at: '2026-12-01T10:00:00' }),
      'on_sale_at',
    );
  });

  it('reads every RFC 3339 form it accepts: an hour-only offset, a leap second (as :59)', async () => {
    const event = await createEvent(t, {
      doors_at: '2026-12-24T20:00:00+01',
      on_sale_at: '2026-12-31T23:59:60Z',
      tickets: [{ name: 'GA', price_cents: 100, sale_ends_at: '2027-01-01T00:59:60+01:00' }],
    });
    expect(event.doors_at).toBe('2026-12-24T19:00:00.000Z');
    expect(event.on_sale_at).toBe('2026-12-31T23:59:59.000Z');
    expect((await listTiers(t, event.id))[0]!.sale_ends_at).toBe('2026-12-31T23:59:59.000Z');
    const patched = await t.call('PATCH', `/v2/events/${event.id}`, { doors_at: '2026-12-24T21:00:00-05' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as EventJson).doors_at).toBe('2026-12-25T02:00:00.000Z');
    const tier = await createTier(t, event.id, { sale_starts_at: '2026-12-01T10:00:00+02' });
    expect(tier.sale_starts_at).toBe('2026-12-01T08:00:00.000Z');
  });

  it('refuses a currency that is not a lowercase ISO 4217 code, saying so', async () => {
    for (const currency of ['USD', 'us', 'euro', '', 'dol', 'xyz', 'xau', 'hrk']) {
      expectInvalid(await t.call('POST', '/v2/events', { ...eventBody, currency }), 'currency');
    }
    const dollars = expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, currency: 'dollars' }),
      'currency',
    );
    expect(dollars.message).toBe(
      "'dollars' is not an ISO 4217 currency code; use one such as usd, eur, gbp or jpy.",
    );
    const upper = expectInvalid(
      await t.call('POST', '/v2/events', { ...eventBody, currency: 'USD' }),
      'currency',
    );
    expect(upper.message).toBe("Currency codes are written in lowercase: 'usd', not 'USD'.");
    const created = (
      await t.call('POST', '/v2/events', { ...eventBody, currency: 'usd' })
    ).json() as EventJson;
    const patched = expectInvalid(
      await t.call('PATCH', `/v2/events/${created.id}`, { currency: 'dollars' }),
      'currency',
    );
    expect(patched.message).toMatch(/'dollars' is not an ISO 4217 currency code/);
    expectInvalid(
      await t.call('POST', '/v2/events', {
        ...eventBody,
        tickets: [{ name: 'GA', price_cents: 1, currency: 'dollars' }],
      }),
      'tickets[0].currency',
    );
  });

  it('takes currencies without decimals (jpy) and with three (kwd); amounts are in their minor units', async () => {
    for (const currency of ['jpy', 'kwd']) {
      const res = await t.call('POST', '/v2/events', {
        ...eventBody,
        currency,
        tickets: [{ name: 'GA', price_cents: 2500 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as EventJson).currency).toBe(currency);
    }
  });

  it('names the failing tier in tickets[] by index', async () => {
    const two = (second: Record<string, unknown>) => ({
      ...eventBody,
      tickets: [
        { name: 'ok', price_cents: 100 },
        { name: 'bad', price_cents: 100, ...second },
      ],
    });
    expectInvalid(
      await t.call('POST', '/v2/events', two({ price_cents: 100_000_001 })),
      'tickets[1].price_cents',
    );
    expectInvalid(await t.call('POST', '/v2/events', two({ max_per_order: 0 })), 'tickets[1].max_per_order');
    expectInvalid(await t.call('POST', '/v2/events', two({ quantity: -1 })), 'tickets[1].quantity');
    expectMissing(
      await t.call('POST', '/v2/events', {
        ...eventBody,
        tickets: [{ name: 'ok', price_cents: 1 }, { name: 'x' }],
      }),
      'tickets[1].price_cents',
    );
    expectMissing(
      await t.call('POST', '/v2/events', two({ visibility: 'access_code' })),
      'tickets[1].access_code',
    );
    expectInvalid(await t.call('POST', '/v2/events', two({ access_code: 'X' })), 'tickets[1].access_code');
    expectInvalid(
      await t.call(
        'POST',
        '/v2/events',
        two({ sale_starts_at: '2026-12-02T00:00:00Z', sale_ends_at: '2026-12-01T00:00:00Z' }),
      ),
      'tickets[1].sale_ends_at',
    );
    expectInvalid(await t.call('POST', '/v2/events', two({ currency: 'eur' })), 'tickets[1].currency');
    expect(countRows(t, 'events')).toBe(0);
    expect(countRows(t, 'tiers')).toBe(0);
  });
});

describe('GET /v2/events/{id}', () => {
  it('answers the event as created', async () => {
    const created = await createEvent(t);
    const res = await t.call('GET', `/v2/events/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('answers 404 resource_missing for an unknown or malformed id', async () => {
    const error = expectError(
      await t.call('GET', '/v2/events/evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expect(error.message).toContain('evt_nope');
    expectError(
      await t.call('GET', '/v2/events/tkt_wrongkind'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('refuses an over-long id as a bad parameter, in the error envelope', async () => {
    expectInvalid(await t.call('GET', `/v2/events/evt_${'x'.repeat(80)}`), 'id');
    // Past the router's default limit (100 characters) too, on every kind of route.
    for (const path of [
      `/v2/events/evt_${'x'.repeat(200)}`,
      `/v2/orders/ord_${'x'.repeat(120)}`,
      `/v2/tickets/tik_${'x'.repeat(5000)}`,
    ])
      expectInvalid(await t.call('GET', path), 'id');
    expectInvalid(await t.call('POST', `/v2/events/evt_${'x'.repeat(200)}/publish`, {}), 'id');
    // Authentication still comes first.
    expectError(
      await t.call('GET', `/v2/orders/ord_${'x'.repeat(120)}`, undefined, null),
      401,
      'authentication_error',
      'invalid_api_key',
    );
  });

  it('refuses a malformed URL in the error envelope', async () => {
    expectError(await t.call('GET', '/v2/events/%E0%A4%A'), 400, 'invalid_request_error', 'invalid_request');
  });
});

describe('GET /v2/events', () => {
  it('lists events oldest first in the list envelope', async () => {
    const a = await createEvent(t, { title: 'A' });
    t.clock.advance(1);
    const b = await createEvent(t, { title: 'B' });
    const res = await t.call('GET', '/v2/events');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ object: 'list', data: [a, b], has_more: false, next_cursor: null });
  });

  it('lists nothing on a fresh store', async () => {
    expect((await t.call('GET', '/v2/events')).json()).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });
});

describe('PATCH /v2/events/{id}', () => {
  let event: EventJson;
  beforeEach(async () => {
    event = await createEvent(t);
  });

  it('changes every editable field', async () => {
    const res = await t.call('PATCH', `/v2/events/${event.id}`, {
      title: 'New title',
      venue: 'Small hall',
      doors_at: '2026-12-31T21:00:00+01:00',
      on_sale_at: '2026-12-01T00:00:00Z',
      currency: 'gbp',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...event,
      title: 'New title',
      venue: 'Small hall',
      doors_at: '2026-12-31T20:00:00.000Z',
      on_sale_at: '2026-12-01T00:00:00.000Z',
      currency: 'gbp',
    });
    expect((await t.call('GET', `/v2/events/${event.id}`)).json()).toMatchObject({
      title: 'New title',
      currency: 'gbp',
    });
  });

  it('changes one field and leaves the rest', async () => {
    const res = await t.call('PATCH', `/v2/events/${event.id}`, { venue: 'Garden' });
    expect(res.json()).toEqual({ ...event, venue: 'Garden' });
  });

  it('treats {} as a no-op', async () => {
    const res = await t.call('PATCH', `/v2/events/${event.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(event);
  });

  it('refuses fields that are not editable', async () => {
    for (const field of ['id', 'status', 'url', 'created_at', 'tickets']) {
      expectInvalid(await t.call('PATCH', `/v2/events/${event.id}`, { [field]: 'x' }), field);
    }
  });

  it('validates each field as on create', async () => {
    expectInvalid(await t.call('PATCH', `/v2/events/${event.id}`, { title: '' }), 'title');
    expectInvalid(
      await t.call('PATCH', `/v2/events/${event.id}`, { doors_at: '2026-12-31 21:00' }),
      'doors_at',
    );
    expectInvalid(await t.call('PATCH', `/v2/events/${event.id}`, { on_sale_at: null }), 'on_sale_at');
    expectInvalid(await t.call('PATCH', `/v2/events/${event.id}`, { currency: 'EUR' }), 'currency');
  });

  it('answers 404 for an unknown event', async () => {
    expectError(
      await t.call('PATCH', '/v2/events/evt_nope', { title: 'x' }),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('moves its tiers to a new currency while nothing is sold', async () => {
    const tier = await createTier(t, event.id);
    await t.call('PATCH', `/v2/events/${event.id}`, { currency: 'eur' });
    expect(((await t.call('GET', `/v2/tiers/${tier.id}`)).json() as TierJson).currency).toBe('eur');
  });

  it('refuses a currency change once tickets are sold, changing nothing', async () => {
    const tier = await createTier(t, event.id);
    setSold(t, tier.id, 1);
    expectInvalid(
      await t.call('PATCH', `/v2/events/${event.id}`, { currency: 'eur', title: 'Renamed' }),
      'currency',
    );
    expect((await t.call('GET', `/v2/events/${event.id}`)).json()).toEqual(event);
    expect(((await t.call('GET', `/v2/tiers/${tier.id}`)).json() as TierJson).currency).toBe('usd');
  });

  it('allows "changing" the currency to the one it has after sales', async () => {
    const tier = await createTier(t, event.id);
    setSold(t, tier.id, 1);
    expect((await t.call('PATCH', `/v2/events/${event.id}`, { currency: 'usd' })).statusCode).toBe(200);
  });
});

describe('publish and cancel', () => {
  let event: EventJson;
  beforeEach(async () => {
    event = await createEvent(t);
  });

  it('publishes a draft', async () => {
    const res = await t.call('POST', `/v2/events/${event.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...event, status: 'published' });
  });

  it('treats publishing twice as a no-op', async () => {
    await t.call('POST', `/v2/events/${event.id}/publish`);
    const again = await t.call('POST', `/v2/events/${event.id}/publish`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'published' });
  });

  it('cancels a draft or a published event; cancelling twice is a no-op', async () => {
    const other = await createEvent(t);
    await t.call('POST', `/v2/events/${other.id}/publish`);
    for (const id of [event.id, other.id]) {
      const res = await t.call('POST', `/v2/events/${id}/cancel`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'cancelled' });
      expect((await t.call('POST', `/v2/events/${id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
    }
  });

  it('refuses to publish, patch or add tiers to a cancelled event (409 event_cancelled)', async () => {
    await t.call('POST', `/v2/events/${event.id}/cancel`);
    expectError(
      await t.call('POST', `/v2/events/${event.id}/publish`),
      409,
      'conflict_error',
      'event_cancelled',
    );
    expectError(
      await t.call('PATCH', `/v2/events/${event.id}`, { title: 'Back' }),
      409,
      'conflict_error',
      'event_cancelled',
    );
    expectError(
      await t.call('POST', `/v2/events/${event.id}/tiers`, { name: 'x', price_cents: 1, quantity: 1 }),
      409,
      'conflict_error',
      'event_cancelled',
    );
    expect((await t.call('GET', `/v2/events/${event.id}`)).json()).toMatchObject({
      status: 'cancelled',
      title: event.title,
    });
  });

  it('answers 404 for unknown events', async () => {
    expectError(
      await t.call('POST', '/v2/events/evt_nope/publish'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectError(
      await t.call('POST', '/v2/events/evt_nope/cancel'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('refuses fields on publish and cancel, which take none, and accepts {}', async () => {
    expectInvalid(await t.call('POST', `/v2/events/${event.id}/publish`, { now: true }), 'now');
    expectInvalid(await t.call('POST', `/v2/events/${event.id}/cancel`, { refund: true }), 'refund');
    expectInvalid(await t.call('POST', `/v2/events/${event.id}/cancel`, '[1]'));
    expect((await t.call('GET', `/v2/events/${event.id}`)).json()).toMatchObject({ status: 'draft' });
    const res = await t.call('POST', `/v2/events/${event.id}/publish`, {});
    expect(res.json()).toMatchObject({ status: 'published' });
  });
});
