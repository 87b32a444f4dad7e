import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { webhookKinds, type WebhookKind } from '../../src/shared/webhook-kinds.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

/**
 * Each of the fourteen kinds, triggered through the API and seen in an endpoint's delivery log
 * (the fan-out), with the message carrying the object the API answered.
 */

interface Message {
  id: string;
  type: WebhookKind;
  created_at: string;
  data: { object: Record<string, unknown> };
}

let t: TestApp;
let endpointId: string;
let seen = 0;
beforeEach(async () => {
  t = await makeTestApp();
  const res = await t.call('POST', '/v2/webhook_endpoints', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['*'],
  });
  expect(res.statusCode, res.body).toBe(200);
  endpointId = (res.json() as { id: string }).id;
  seen = 0;
});
afterEach(async () => {
  await t.close();
});

/** Messages delivered to the endpoint since the last call, read through its delivery log. */
async function newMessages(): Promise<Message[]> {
  const all: { message_id: string }[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.call(
      'GET',
      `/v2/webhook_endpoints/${endpointId}/deliveries?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: { message_id: string }[]; next_cursor: string | null };
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  const fresh = all.slice(seen);
  seen = all.length;
  const read = t.app.ctx.db.prepare('SELECT payload FROM webhook_messages WHERE id = ?');
  return fresh.map((d) => JSON.parse((read.get(d.message_id) as { payload: string }).payload) as Message);
}

/** The one new message of `kind`, after checking the envelope. */
async function expectEmitted(kind: WebhookKind): Promise<Message> {
  const fresh = await newMessages();
  const matching = fresh.filter((m) => m.type === kind);
  expect(matching, `new messages: ${fresh.map((m) => m.type).join(', ')}`).toHaveLength(1);
  const message = matching[0]!;
  expect(message.id).toMatch(/^msg_/);
  expect(message.created_at).toMatch(/Z$/);
  return message;
}

async function ok<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

type Order = components['schemas']['Order'];

async function sale(): Promise<{ eventId: string; tierId: string; order: Order }> {
  const { eventId, tierId } = await publishedEvent(t);
  const order = await ok<Order>('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 2 }],
    buyer: { name: 'Ada', email: 'ada@example.com' },
    payment_method: 'card',
  });
  await newMessages();
  return { eventId, tierId, order };
}

const eventBody = { title: 'Show', venue: 'Hall', doors_at: '2026-12-24T19:00:00+00:00' };

describe('the fourteen webhook kinds, each triggered through the API', () => {
  it('covers exactly the fourteen kinds of the contract', () => {
    expect(webhookKinds).toHaveLength(14);
  });

  it('event.created: POST /v2/events', async () => {
    const event = await ok<{ id: string }>('POST', '/v2/events', eventBody);
    expect((await expectEmitted('event.created')).data.object).toEqual(event);
  });

  it('event.updated: PATCH /v2/events/{id} and POST /v2/events/{id}/cancel', async () => {
    const { id } = await ok<{ id: string }>('POST', '/v2/events', eventBody);
    await newMessages();
    const patched = await ok<Record<string, unknown>>('PATCH', `/v2/events/${id}`, { title: 'Renamed' });
    expect((await expectEmitted('event.updated')).data.object).toEqual(patched);
    const cancelled = await ok<Record<string, unknown>>('POST', `/v2/events/${id}/cancel`);
    expect((await expectEmitted('event.updated')).data.object).toMatchObject({ id, status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
  });

  it('event.published: POST /v2/events/{id}/publish', async () => {
    const { id } = await ok<{ id: string }>('POST', '/v2/events', eventBody);
    await newMessages();
    const published = await ok<Record<string, unknown>>('POST', `/v2/events/${id}/publish`);
    expect((await expectEmitted('event.published')).data.object).toEqual(published);
  });

  it('tier.created: POST /v2/events/{id}/tiers (and tickets[] on event creation)', async () => {
    const { id } = await ok<{ id: string }>('POST', '/v2/events', eventBody);
    await newMessages();
    const tier = await ok<Record<string, unknown>>('POST', `/v2/events/${id}/tiers`, {
      name: 'VIP',
      price_cents: 9000,
      quantity: 10,
    });
    expect((await expectEmitted('tier.created')).data.object).toEqual(tier);
  });

  it('tier.updated: PATCH /v2/tiers/{id}', async () => {
    const { tierId } = await publishedEvent(t);
    await newMessages();
    const tier = await ok<Record<string, unknown>>('PATCH', `/v2/tiers/${tierId}`, { price_cents: 3000 });
    expect((await expectEmitted('tier.updated')).data.object).toEqual(tier);
  });

  it('tier.deleted: DELETE /v2/tiers/{id}', async () => {
    const { tierId } = await publishedEvent(t);
    await newMessages();
    await ok('DELETE', `/v2/tiers/${tierId}`);
    expect((await expectEmitted('tier.deleted')).data.object).toMatchObject({ id: tierId, deleted: true });
  });

  it('order.created: POST /v2/orders', async () => {
    const { eventId, tierId } = await publishedEvent(t);
    await newMessages();
    const order = await ok<Order>('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: 'Ada', email: 'ada@example.com' },
      payment_method: 'cash',
    });
    expect((await expectEmitted('order.created')).data.object).toMatchObject({
      id: order.id,
      event_id: eventId,
    });
  });

  it('order.refunded: POST /v2/orders/{id}/refund', async () => {
    const { order } = await sale();
    const refunded = await ok<{ id: string; refunded_cents: number }>(
      'POST',
      `/v2/orders/${order.id}/refund`,
      {
        amount_cents: 100,
      },
    );
    expect((await expectEmitted('order.refunded')).data.object).toMatchObject({
      id: order.id,
      refunded_cents: refunded.refunded_cents,
    });
  });

  it('ticket.transferred: POST /v2/tickets/{id}/transfer', async () => {
    const { order } = await sale();
    const original = order.tickets[0]!.id;
    const fresh = await ok<{ id: string }>('POST', `/v2/tickets/${original}/transfer`, {
      to_email: 'bob@example.com',
    });
    expect((await expectEmitted('ticket.transferred')).data.object).toMatchObject({
      id: fresh.id,
      transferred_from: original,
    });
  });

  it('ticket.voided: POST /v2/tickets/{id}/void', async () => {
    const { order } = await sale();
    const ticketId = order.tickets[0]!.id;
    await ok('POST', `/v2/tickets/${ticketId}/void`, { refund: false });
    expect((await expectEmitted('ticket.voided')).data.object).toMatchObject({
      id: ticketId,
      status: 'voided',
    });
  });

  it('ticket.scanned: POST /v2/scan/validate', async () => {
    const { order, eventId } = await sale();
    const ticket = order.tickets[0]!;
    const answer = await ok<{ result: string }>('POST', '/v2/scan/validate', {
      token: ticket.qr_token,
      event_id: eventId,
    });
    const message = await expectEmitted('ticket.scanned');
    expect(answer.result).toBe('admitted');
    expect(message.data.object).toMatchObject({
      scan: { ticket_id: ticket.id, result: 'admitted' },
      ticket: { id: ticket.id, scan_count: 1 },
    });
  });

  it('attendee.updated: PATCH /v2/attendees/{id}', async () => {
    const { order } = await sale();
    const attendeeId = order.tickets[0]!.attendee_id;
    const attendee = await ok<Record<string, unknown>>('PATCH', `/v2/attendees/${attendeeId}`, {
      name: 'Grace',
    });
    expect((await expectEmitted('attendee.updated')).data.object).toEqual(attendee);
  });

  it('payout.created: POST /v2/payouts', async () => {
    const { eventId } = await sale();
    const payout = await ok<Record<string, unknown>>('POST', '/v2/payouts', { event_id: eventId });
    expect((await expectEmitted('payout.created')).data.object).toEqual(payout);
  });

  it('payout.paid: POST /v2/payouts/{id}/mark_paid', async () => {
    const { eventId } = await sale();
    const { id } = await ok<{ id: string }>('POST', '/v2/payouts', { event_id: eventId });
    await newMessages();
    const paid = await ok<Record<string, unknown>>('POST', `/v2/payouts/${id}/mark_paid`);
    expect((await expectEmitted('payout.paid')).data.object).toEqual(paid);
  });
});
