import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { subscribeToAllKinds } from './foundation-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from './test-app.js';

export type TicketJson = components['schemas']['Ticket'];

export type OrderJson = components['schemas']['Order'];

export type AttendeeJson = components['schemas']['Attendee'];

export const buyer = { name: 'Ada Lovelace', email: 'ada@example.com' };

/** Checkout overrides for a comp: free tickets name whom they went to and why. */
export const comp = {
  payment_method: 'comp',
  buyer: { name: 'Guest of the band' },
  comp_reason: 'On the band’s guest list',
};

export interface Sale {
  eventId: string;
  tierId: string;
}

/** A published event on sale with one tier (price 2500 unless overridden). */
export const saleEvent = (t: TestApp, tier: Record<string, unknown> = {}): Promise<Sale> =>
  publishedEvent(t, tier);

export interface SaleTestAppOptions {
  /** The sale's one tier, over saleEvent's defaults (scan tests sell up to 100 per order). */
  tier?: Record<string, unknown>;
  /**
   * Subscribes an endpoint to every kind first (the default): the outbox writes only what an
   * enabled endpoint wants, and most sales tests read it. false leaves the outbox empty.
   */
  outbox?: boolean;
}

/**
 * The usual start of a sales test: the real app on a fresh store, listening to the outbox unless
 * told not to, with one published event on sale. The caller closes `t` after each test.
 */
export async function makeSaleTestApp(options: SaleTestAppOptions = {}): Promise<{ t: TestApp; sale: Sale }> {
  const t = await makeTestApp();
  if (options.outbox ?? true) await subscribeToAllKinds(t);
  return { t, sale: await saleEvent(t, options.tier) };
}

export function orderBody(sale: Sale, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event_id: sale.eventId,
    items: [{ tier_id: sale.tierId, quantity: 1 }],
    buyer,
    payment_method: 'card',
    ...overrides,
  };
}

export function checkout(
  t: TestApp,
  sale: Sale,
  overrides: Record<string, unknown> = {},
  auth?: string,
): Promise<LightMyRequestResponse> {
  return t.call('POST', '/v2/orders', orderBody(sale, overrides), auth);
}

/** A checkout that must succeed. */
export async function buy(
  t: TestApp,
  sale: Sale,
  overrides: Record<string, unknown> = {},
): Promise<OrderJson> {
  const res = await checkout(t, sale, overrides);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderJson;
}

export function tierSold(t: TestApp, tierId: string): number {
  return (t.app.ctx.db.prepare('SELECT sold FROM tiers WHERE id = ?').get(tierId) as { sold: number }).sold;
}

export function count(t: TestApp, sql: string, ...params: unknown[]): number {
  return (t.app.ctx.db.prepare(sql).get(...params) as { n: number }).n;
}

/** Payloads of the webhook outbox of one kind, in write order. */
export function emitted<T = unknown>(t: TestApp, type: string): T[] {
  const rows = t.app.ctx.db
    .prepare('SELECT payload FROM webhook_messages WHERE type = ? ORDER BY seq')
    .all(type) as { payload: string }[];
  return rows.map((row) => (JSON.parse(row.payload) as { data: { object: T } }).data.object);
}
