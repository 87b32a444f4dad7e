/**
 * The real server process under libfaketime, its clock stepped two days ahead and back while it
 * runs, as NTP does when it fixes a wrong clock (docs/api.md "Ticket tokens"). The offset lives
 * in a file libfaketime re-reads on every clock call (FAKETIME_NO_CACHE), so the step happens
 * under the running process; the monotonic clock is left alone, as a real step leaves it.
 */
import type { components } from '../../src/shared/api/schema.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLibfaketime } from '../support/faketime.js';
import { api, httpSaleEvent, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

const twoDays = 2 * 24 * 3600;

const dir = mkdtempSync(join(tmpdir(), 'marquee-faketime-'));
const offsetFile = join(dir, 'faketime.rc');
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.kill9();
  rmSync(dir, { recursive: true, force: true });
});

type Ticket = components['schemas']['Ticket'];

const iatOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

async function sell(base: string, eventId: string, tierId: string): Promise<Ticket> {
  const res = await api(base, '/v2/orders', 'POST', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: { name: 'Ada', email: 'ada@example.com' },
    payment_method: 'cash',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { tickets: Ticket[] }).tickets[0]!;
}

async function validate(
  base: string,
  token: string,
  eventId: string,
): Promise<{ result: string; reason: string | null }> {
  const res = await api(base, '/v2/scan/validate', 'POST', { token, event_id: eventId });
  expect(res.status).toBe(200);
  return (await res.json()) as { result: string; reason: string | null };
}

async function currentToken(base: string, ticketId: string): Promise<string> {
  const res = await api(base, `/v2/tickets/${ticketId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Ticket).qr_token;
}

describe('server clock stepped +2 days and back, under faketime', () => {
  it('tickets sold after the step back admit; tokens handed out are valid at the corrected time', async () => {
    writeFileSync(offsetFile, '+0\n');
    server = await spawnServer(join(dir, 'data'), {
      LD_PRELOAD: findLibfaketime(),
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    });
    const base = server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 1000);

    writeFileSync(offsetFile, `+${twoDays}\n`);
    // The server now signs two days ahead (this also proves libfaketime reaches the process).
    const during: Ticket[] = [];
    for (let i = 0; i < 12; i++) during.push(await sell(base, eventId, tierId));
    expect(iatOf(during.at(-1)!.qr_token)).toBeGreaterThan(Date.now() / 1000 + twoDays - 600);
    for (const ticket of during) await currentToken(base, ticket.id);

    writeFileSync(offsetFile, '+0\n');
    const nowSeconds = () => Math.floor(Date.now() / 1000);
    for (let i = 0; i < 20; i++) {
      const ticket = await sell(base, eventId, tierId);
      expect(iatOf(ticket.qr_token)).toBeLessThanOrEqual(nowSeconds() + 2);
      expect(await validate(base, ticket.qr_token, eventId), `sale ${i + 1} after the step`).toEqual(
        expect.objectContaining({ result: 'admitted', reason: null }),
      );
    }
    for (const ticket of during) {
      const token = await currentToken(base, ticket.id);
      expect(iatOf(token)).toBeLessThanOrEqual(nowSeconds() + 2);
      expect(await validate(base, token, eventId)).toEqual(expect.objectContaining({ result: 'admitted' }));
    }
  }, 60_000);
});
