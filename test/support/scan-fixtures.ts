import type { LightMyRequestResponse } from 'fastify';
import { generateKeyPairSync, sign } from 'node:crypto';
import { expect } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { buy, saleEvent, type Sale, type TicketJson } from './sales-fixtures.js';
import type { TestApp } from './test-app.js';

export type ScanJson = components['schemas']['Scan'];

export interface ScanTicketJson {
  id: string;
  event_id: string;
  tier_id: string;
  tier_name: string | null;
  status: string;
  scan_count: number;
  inside: boolean;
  attendee_id: string;
}

export interface ValidateJson {
  result: 'admitted' | 'rejected';
  reason: string | null;
  credential: 'rotating' | 'paper';
  ticket: ScanTicketJson | null;
  attendee: { id: string; name: string | null } | null;
  scan: ScanJson;
  order: { id: string; tickets: number; admitted: number } | null;
}

export type DeviceJson = components['schemas']['Device'];

/** A tier that sells up to 100 per order, so one checkout can seed a door. */
export const doorTier = { quantity: 1000, max_per_order: 100 };

/** A published event with a door tier. */
export const doorSale = (t: TestApp): Promise<Sale> => saleEvent(t, doorTier);

/** Sells `quantity` tickets through POST /v2/orders and answers them with their tokens. */
export async function sellTickets(t: TestApp, sale: Sale, quantity = 1): Promise<TicketJson[]> {
  const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity }] });
  return order.tickets;
}

export function validate(t: TestApp, body: unknown, auth?: string | null): Promise<LightMyRequestResponse> {
  return t.call('POST', '/v2/scan/validate', body, auth);
}

/** A validation that must answer 200; returns its body. */
export async function scan(t: TestApp, body: Record<string, unknown>, auth?: string): Promise<ValidateJson> {
  const res = await validate(t, body, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ValidateJson;
}

/** Pairs a device through the API, as a door would: pairing code, then pair without a key. */
export async function pairDevice(
  t: TestApp,
  options: { event_id?: string | null; scope?: 'scanner' | 'box_office' | 'kiosk'; name?: string } = {},
): Promise<{ device: DeviceJson; secret: string }> {
  const { name = 'Door 1', ...pairing } = options;
  const started = await t.call('POST', '/v2/devices/pairing', pairing);
  expect(started.statusCode, started.body).toBe(200);
  const token = (started.json() as { pairing_token: string }).pairing_token;
  const paired = await t.call('POST', '/v2/devices/pair', { pairing_token: token, name }, null);
  expect(paired.statusCode, paired.body).toBe(200);
  const body = paired.json() as { device: DeviceJson; api_key: { secret: string } };
  return { device: body.device, secret: body.api_key.secret };
}

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A well-formed ticket token (a rotating code, or with `typ` ticket-pass+jwt and a long life a
 * paper pass) signed by a key the server never had, under the server's own kid: exactly what a
 * forger would try.
 */
export function forgedToken(
  t: TestApp,
  ticket: { id: string; event_id: string; tier_id: string },
  typ: 'ticket+jwt' | 'ticket-pass+jwt' = 'ticket+jwt',
): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const iat = Math.floor(t.clock.ms / 1000);
  const exp = iat + (typ === 'ticket+jwt' ? 300 : 30 * 86_400);
  const header = b64url({ alg: 'EdDSA', typ, kid: t.app.ctx.signingKeys.activeKid });
  const payload = b64url({ sub: ticket.id, evt: ticket.event_id, tier: ticket.tier_id, iat, exp });
  const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A fresh token for a ticket, signed by the server's key at the test clock's time. */
export const freshToken = (t: TestApp, ticket: { id: string; event_id: string; tier_id: string }): string =>
  t.app.ctx.tokens.mint(ticket);

export function scanRows(t: TestApp): { ticket_id: string | null; result: string; reason: string | null }[] {
  return t.app.ctx.db.prepare('SELECT ticket_id, result, reason FROM scans ORDER BY seq').all() as {
    ticket_id: string | null;
    result: string;
    reason: string | null;
  }[];
}
