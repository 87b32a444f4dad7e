import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createEvent,
  createTier,
  eventBody,
  expectInvalid,
  outboxRows,
  outboxTypes,
  setSold,
  type EventJson,
  type TierJson,
  subscribeToAllKinds,
} from '../support/foundation-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  // The outbox writes only what an enabled endpoint wants; these tests read it.
  await subscribeToAllKinds(t);
});
afterEach(async () => {
  await t.close();
});

interface MessageJson {
  id: string;
  type: string;
  created_at: string;
  data: { object: Record<string, unknown> };
}

const messages = (): MessageJson[] => outboxRows(t).map((row) => JSON.parse(row.payload) as MessageJson);

describe('webhook outbox rows for events and tiers', () => {
  it('writes event.created then tier.created per tickets[] item, carrying the answered objects', async () => {
    const res = await t.call('POST', '/v2/events', {
      ...eventBody,
      tickets: [
        { name: 'A', price_cents: 1 },
        { name: 'B', price_cents: 2 },
      ],
    });
    const event = res.json() as EventJson;
    expect(outboxTypes(t)).toEqual(['event.created', 'tier.created', 'tier.created']);
    const [created, tierA, tierB] = messages();
    expect(created!.id).toMatch(/^msg_/);
    expect(created!.created_at).toBe('2026-11-22T12:00:00.000Z');
    expect(created!.data.object).toEqual(event);
    expect(tierA!.data.object).toMatchObject({ name: 'A', event_id: event.id, sold: 0 });
    expect(tierB!.data.object).toMatchObject({ name: 'B', event_id: event.id });
    expect(outboxRows(t)[0]!.type).toBe('event.created');
  });

  it('writes event.updated, event.published (once) and event.updated on cancel', async () => {
    const event = await createEvent(t);
    await t.call('PATCH', `/v2/events/${event.id}`, { title: 'New' });
    await t.call('POST', `/v2/events/${event.id}/publish`);
    await t.call('POST', `/v2/events/${event.id}/publish`);
    await t.call('POST', `/v2/events/${event.id}/cancel`);
    await t.call('POST', `/v2/events/${event.id}/cancel`);
    expect(outboxTypes(t)).toEqual(['event.created', 'event.updated', 'event.published', 'event.updated']);
    const list = messages();
    expect(list[1]!.data.object).toMatchObject({ title: 'New', status: 'draft' });
    expect(list[2]!.data.object).toMatchObject({ status: 'published' });
    expect(list[3]!.data.object).toMatchObject({ status: 'cancelled' });
  });

  it('writes tier.created, tier.updated and tier.deleted', async () => {
    const event = await createEvent(t);
    const tier = await createTier(t, event.id);
    await t.call('PATCH', `/v2/tiers/${tier.id}`, { price_cents: 1 });
    await t.call('DELETE', `/v2/tiers/${tier.id}`);
    expect(outboxTypes(t)).toEqual(['event.created', 'tier.created', 'tier.updated', 'tier.deleted']);
    const list = messages();
    expect(list[2]!.data.object).toMatchObject({ id: tier.id, price_cents: 1 });
    expect(list[3]!.data.object).toMatchObject({ id: tier.id, deleted: true });
  });

  it('writes tier.updated for each tier an event currency change moves', async () => {
    const event = await createEvent(t);
    const a = await createTier(t, event.id, { name: 'A' });
    const b = await createTier(t, event.id, { name: 'B' });
    await t.call('PATCH', `/v2/events/${event.id}`, { currency: 'eur' });
    expect(outboxTypes(t).slice(3)).toEqual(['tier.updated', 'tier.updated', 'event.updated']);
    const moved = messages()
      .slice(3, 5)
      .map((m) => m.data.object as unknown as TierJson);
    expect(moved.map((tier) => [tier.id, tier.currency])).toEqual([
      [a.id, 'eur'],
      [b.id, 'eur'],
    ]);
  });
});

describe('all or nothing', () => {
  it('a failing tier in tickets[] leaves no event, no tier and no message', async () => {
    const res = await t.call('POST', '/v2/events', {
      ...eventBody,
      tickets: [
        { name: 'Fine', price_cents: 100 },
        { name: 'Fine too', price_cents: 100 },
        { name: 'Bad', price_cents: 100, visibility: 'public', access_code: 'X' },
      ],
    });
    expectInvalid(res, 'tickets[2].access_code');
    expect(countRows(t, 'events')).toBe(0);
    expect(countRows(t, 'tiers')).toBe(0);
    expect(countRows(t, 'webhook_messages')).toBe(0);
  });

  it('a refused patch writes no message and changes nothing', async () => {
    const event = await createEvent(t);
    const tier = await createTier(t, event.id);
    setSold(t, tier.id, 5);
    const before = outboxTypes(t);
    expectInvalid(
      await t.call('PATCH', `/v2/tiers/${tier.id}`, { name: 'Renamed', quantity: 4 }),
      'quantity',
    );
    expectInvalid(
      await t.call('PATCH', `/v2/events/${event.id}`, { title: 'Renamed', currency: 'eur' }),
      'currency',
    );
    expect(await t.call('DELETE', `/v2/tiers/${tier.id}`)).toMatchObject({ statusCode: 409 });
    expect(outboxTypes(t)).toEqual(before);
    expect((await t.call('GET', `/v2/tiers/${tier.id}`)).json()).toMatchObject({
      name: 'General admission',
      quantity: 100,
    });
  });

  it('a failure inside the transaction after the event row rolls the event back', async () => {
    // Make the outbox insert fail for tiers only: the event row and its message were already
    // written in the same transaction and must vanish with it.
    t.app.ctx.db.exec(`CREATE TRIGGER no_tier_messages BEFORE INSERT ON webhook_messages
      WHEN NEW.type = 'tier.created' BEGIN SELECT RAISE(ABORT, 'boom'); END`);
    const res = await t.call('POST', '/v2/events', {
      ...eventBody,
      tickets: [{ name: 'A', price_cents: 1 }],
    });
    expect(res.statusCode).toBe(500);
    expect(countRows(t, 'events')).toBe(0);
    expect(countRows(t, 'tiers')).toBe(0);
    expect(countRows(t, 'webhook_messages')).toBe(0);
  });
});

describe('only what an enabled endpoint wants', () => {
  it('writes no message of a kind nobody takes, and each kind once an endpoint takes it', async () => {
    const quiet = await makeTestApp();
    try {
      const { eventId, tierId } = await publishedEvent(quiet);
      expect(outboxTypes(quiet)).toEqual([]);

      const res = await quiet.call('POST', '/v2/webhook_endpoints', {
        url: 'http://127.0.0.1:9/hooks',
        events: ['order.created'],
      });
      expect(res.statusCode, res.body).toBe(200);
      await createTier(quiet, eventId, { name: 'Balcony' });
      const sale = await quiet.call('POST', '/v2/orders', {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity: 1 }],
        payment_method: 'cash',
      });
      expect(sale.statusCode, sale.body).toBe(200);
      // tier.created is taken by nobody; order.created by the endpoint.
      expect(outboxTypes(quiet)).toEqual(['order.created']);
    } finally {
      await quiet.close();
    }
  });
});
