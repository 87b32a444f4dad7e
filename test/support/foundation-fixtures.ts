import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import type { TestApp } from './test-app.js';

/** The smallest valid POST /v2/events body; tests spread their variations over it. */
export const eventBody = {
  title: 'Night show',
  venue: 'Main hall',
  doors_at: '2026-12-24T19:00:00+00:00',
};

export type EventJson = components['schemas']['Event'];

export interface TierJson {
  id: string;
  event_id: string;
  name: string;
  price_cents: number;
  currency: string;
  quantity: number;
  sold: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  max_per_order: number;
  visibility: 'public' | 'unlisted' | 'access_code';
  access_code: string | null;
  created_at: string;
}

export interface ListJson<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface ErrorJson {
  error: { type: string; code: string; message: string; param?: string };
}

/** Asserts the contract's error envelope; `param` undefined means "must be absent". */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  type: string,
  code: string,
  param?: string,
): ErrorJson['error'] {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as ErrorJson;
  expect(body.error.type).toBe(type);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (param === undefined) expect(body.error).not.toHaveProperty('param');
  else expect(body.error.param).toBe(param);
  return body.error;
}

export const expectInvalid = (res: LightMyRequestResponse, param?: string) =>
  expectError(res, 400, 'invalid_request_error', 'invalid_field', param);

export const expectMissing = (res: LightMyRequestResponse, param: string) =>
  expectError(res, 400, 'invalid_request_error', 'missing_field', param);

export async function createEvent(t: TestApp, overrides: Record<string, unknown> = {}): Promise<EventJson> {
  const res = await t.call('POST', '/v2/events', { ...eventBody, ...overrides });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EventJson;
}

export async function createTier(
  t: TestApp,
  eventId: string,
  overrides: Record<string, unknown> = {},
): Promise<TierJson> {
  const res = await t.call('POST', `/v2/events/${eventId}/tiers`, {
    name: 'General admission',
    price_cents: 2500,
    quantity: 100,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TierJson;
}

export async function listTiers(t: TestApp, eventId: string): Promise<TierJson[]> {
  const res = await t.call('GET', `/v2/events/${eventId}/tiers?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ListJson<TierJson>).data;
}

/** A key of the given scope made through the API, as an operator would. */
export async function createKey(
  t: TestApp,
  scope: 'admin' | 'box_office' | 'scanner' | 'kiosk',
): Promise<string> {
  const res = await t.call('POST', '/v2/api_keys', { name: `${scope} key`, scope });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { secret: string }).secret;
}

/**
 * Subscribes an endpoint to every kind. Outbox.emit writes no message that no enabled endpoint
 * wants, so a test that reads the outbox needs one. Port 9 refuses: its deliveries just wait.
 */
export async function subscribeToAllKinds(t: TestApp): Promise<string> {
  const res = await t.call('POST', '/v2/webhook_endpoints', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['*'],
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/**
 * Marks tickets sold straight in the store: checkout is another issue's work, and these tests
 * only need a tier that has sales.
 */
export function setSold(t: TestApp, tierId: string, sold: number): void {
  const changed = t.app.ctx.db.prepare('UPDATE tiers SET sold = ? WHERE id = ?').run(sold, tierId).changes;
  expect(changed).toBe(1);
}

export interface OutboxRow {
  id: string;
  type: string;
  payload: string;
}

/** The webhook outbox in write order. */
export function outboxRows(t: TestApp): OutboxRow[] {
  return t.app.ctx.db
    .prepare('SELECT id, type, payload FROM webhook_messages ORDER BY seq')
    .all() as OutboxRow[];
}

export const outboxTypes = (t: TestApp): string[] => outboxRows(t).map((row) => row.type);

export function countRows(t: TestApp, table: 'events' | 'tiers' | 'webhook_messages'): number {
  return (t.app.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}
