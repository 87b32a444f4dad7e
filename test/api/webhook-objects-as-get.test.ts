import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookKind } from '../../src/shared/webhook-kinds.js';
import { webhookKinds } from '../../src/shared/webhook-kinds.js';
import { outboxRows, subscribeToAllKinds } from '../support/foundation-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value's shape: each field's JSON type, nested objects and array items by their shape too. */
function shapeOf(value: Json): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'array' : [shapeOf(value[0]!)];
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf(value[key]!)]),
    );
  return typeof value;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  await subscribeToAllKinds(t);
});
afterEach(async () => t.close());

async function ok<T = Json>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await t.call(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

type Sold = { id: string; tickets: { id: string; attendee_id: string; qr_token: string }[] };

/** An order of `quantity` tickets for a buyer called `name` (ada@example.com). */
function sell(eventId: string, tierId: string, quantity: number, name: string, payment_method: string) {
  return ok<Sold>('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity }],
    buyer: { name, email: 'ada@example.com' },
    payment_method,
  });
}

/** The object of the newest message of `kind`. */
function lastObject(kind: WebhookKind): Json {
  const row = outboxRows(t)
    .filter((r) => r.type === kind)
    .at(-1);
  expect(row, kind).toBeDefined();
  return (JSON.parse(row!.payload) as { data: { object: Json } }).data.object;
}

/**
 * What `ticket.scanned` carries, read back: the scan as the list gives it, and the ticket as GET
 * gives it without its credentials, plus `inside` (docs/webhooks.md, the one documented exception).
 */
async function scannedAsGot(eventId: string, ticketId: string): Promise<Json> {
  const scans = await ok<{ data: Json[] }>('GET', `/v2/scans?event_id=${eventId}&limit=100`);
  const ticket = await ok<{ [key: string]: Json }>('GET', `/v2/tickets/${ticketId}`);
  const { qr_token: _code, paper_pass: _pass, ...withoutCredentials } = ticket;
  return { scan: scans.data.at(-1)!, ticket: { ...withoutCredentials, inside: true } };
}

describe('a webhook message carries the resource as GET answers it', () => {
  it('every kind: the same fields with the same types', async () => {
    const checked = new Set<string>();
    const same = (kind: WebhookKind, got: Json) => {
      expect(shapeOf(lastObject(kind)), kind).toEqual(shapeOf(got));
      checked.add(kind);
    };
    const { eventId, tierId } = await publishedEvent(t);
    same('event.created', await ok('GET', `/v2/events/${eventId}`));
    same('event.published', await ok('GET', `/v2/events/${eventId}`));
    same('tier.created', await ok('GET', `/v2/tiers/${tierId}`));
    await ok('PATCH', `/v2/events/${eventId}`, { title: 'Night show, late' });
    same('event.updated', await ok('GET', `/v2/events/${eventId}`));
    const spare = await ok<{ id: string }>('POST', `/v2/events/${eventId}/tiers`, {
      name: 'Spare',
      price_cents: 100,
      quantity: 5,
    });
    await ok('PATCH', `/v2/tiers/${spare.id}`, { quantity: 6 });
    const spareAsGot = await ok<{ [key: string]: Json }>('GET', `/v2/tiers/${spare.id}`);
    same('tier.updated', spareAsGot);
    await ok('DELETE', `/v2/tiers/${spare.id}`);
    same('tier.deleted', { ...spareAsGot, deleted: true });

    const order = await sell(eventId, tierId, 3, 'Ada Lovelace', 'card');
    same('order.created', await ok('GET', `/v2/orders/${order.id}`));
    const [first, second, third] = order.tickets;
    const moved = await ok<{ id: string }>('POST', `/v2/tickets/${first!.id}/transfer`, {
      to_email: 'bob@example.com',
      name: 'Bob',
    });
    same('ticket.transferred', await ok('GET', `/v2/tickets/${moved.id}`));
    await ok('POST', `/v2/tickets/${second!.id}/void`, {});
    same('ticket.voided', await ok('GET', `/v2/tickets/${second!.id}`));
    same('order.refunded', await ok('GET', `/v2/orders/${order.id}`));
    await ok('POST', '/v2/scan/validate', { token: third!.qr_token });
    same('ticket.scanned', await scannedAsGot(eventId, third!.id));
    await ok('PATCH', `/v2/attendees/${third!.attendee_id}`, { name: 'Ada L.' });
    same('attendee.updated', await ok('GET', `/v2/attendees/${third!.attendee_id}`));
    const payout = await ok<{ id: string }>('POST', '/v2/payouts', { event_id: eventId });
    same('payout.created', await ok('GET', `/v2/payouts/${payout.id}`));
    await ok('POST', `/v2/payouts/${payout.id}/mark_paid`);
    same('payout.paid', await ok('GET', `/v2/payouts/${payout.id}`));
    expect([...checked].sort()).toEqual([...webhookKinds].sort());
  });

  it('the other operations that emit them too: cancel, currency, buyer correction, full refund, check-in, sync', async () => {
    const { eventId, tierId } = await publishedEvent(t);
    await ok('PATCH', `/v2/events/${eventId}`, { currency: 'eur' });
    expect(shapeOf(lastObject('tier.updated'))).toEqual(shapeOf(await ok('GET', `/v2/tiers/${tierId}`)));
    const order = await sell(eventId, tierId, 2, 'Ada', 'cash');
    const [first, second] = order.tickets;
    await ok('PATCH', `/v2/orders/${order.id}`, { buyer: { name: 'Ada Lovelace' } });
    expect(shapeOf(lastObject('attendee.updated'))).toEqual(
      shapeOf(await ok('GET', `/v2/attendees/${first!.attendee_id}`)),
    );
    await ok('POST', `/v2/tickets/${first!.id}/check_in`, { reason: 'Phone flat' });
    expect(shapeOf(lastObject('ticket.scanned'))).toEqual(shapeOf(await scannedAsGot(eventId, first!.id)));
    const device = await ok<{ device: { id: string } }>('POST', '/v2/devices/pair', {
      pairing_token: (
        await ok<{ pairing_token: string }>('POST', '/v2/devices/pairing', { event_id: eventId })
      ).pairing_token,
      name: 'Door 1',
    });
    await ok('POST', '/v2/scan/sync', {
      device_id: device.device.id,
      scans: [
        { token: second!.qr_token, scanned_at: new Date(t.clock.now()).toISOString(), result: 'admitted' },
      ],
    });
    expect(shapeOf(lastObject('ticket.scanned'))).toEqual(shapeOf(await scannedAsGot(eventId, second!.id)));
    await ok('POST', `/v2/orders/${order.id}/refund`, {});
    expect(shapeOf(lastObject('ticket.voided'))).toEqual(
      shapeOf(await ok('GET', `/v2/tickets/${second!.id}`)),
    );
    expect(shapeOf(lastObject('order.refunded'))).toEqual(shapeOf(await ok('GET', `/v2/orders/${order.id}`)));
    await ok('POST', `/v2/events/${eventId}/cancel`, {});
    expect(shapeOf(lastObject('event.updated'))).toEqual(shapeOf(await ok('GET', `/v2/events/${eventId}`)));
  });

  it('the one exception, ticket.scanned’s ticket, is described as it is in the OpenAPI document and docs/webhooks.md', async () => {
    interface Described {
      description: string;
      properties: { data: { properties: { object: { properties: { ticket: { description: string } } } } } };
    }
    const document = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as {
      webhooks: Record<
        string,
        { post: { description: string; requestBody: { content: Record<string, { schema: Described }> } } }
      >;
    };
    const post = document.webhooks['ticket.scanned']!.post;
    const ticket =
      post.requestBody.content['application/json']!.schema.properties.data.properties.object.properties
        .ticket;
    const row = readFileSync('docs/webhooks.md', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `ticket.scanned`'));
    for (const text of [ticket.description, post.description, row!])
      for (const field of ['qr_token', 'paper_pass', 'inside']) expect(text, field).toContain(field);
  });
});
