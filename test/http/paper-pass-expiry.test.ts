import { decodeJwt } from 'jose';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { api, okJson, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

type TicketJson = components['schemas']['Ticket'];

/**
 * CONTRACT.md "Ticket credentials": a paper pass's `exp` is no earlier than the event's
 * `doors_at` + 24 h. `exp` is whole seconds and `doors_at` may carry milliseconds (a client's
 * `toISOString()` does), so the bound is rounded up: rounded down, a pass for doors at 19:00:00.750
 * ran out 0.75 s before the promised moment.
 */
let dataDir: string;
let server: SpawnedServer;

beforeAll(async () => {
  dataDir = tempDataDir('marquee-pass-expiry-');
  server = await spawnServer(dataDir);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const passExp = (ticket: TicketJson): number => {
  expect(ticket.paper_pass).toEqual(expect.any(String));
  return decodeJwt(ticket.paper_pass!).exp!;
};

describe('a paper pass for doors that fall between two seconds', () => {
  it('runs to doors + 24 h or later, sold and after the doors move', async () => {
    const doorsAt = '2030-12-24T19:00:00.750Z';
    const event = await okJson<{ id: string }>(
      api(server.url, '/v2/events', 'POST', {
        title: 'Doors on the tick',
        venue: 'Main hall',
        doors_at: doorsAt,
        tickets: [{ name: 'General admission', price_cents: 2500, quantity: 10 }],
      }),
    );
    await okJson(api(server.url, `/v2/events/${event.id}/publish`, 'POST'));
    const tiers = await okJson<{ data: { id: string }[] }>(api(server.url, `/v2/events/${event.id}/tiers`));
    const order = await okJson<{ tickets: TicketJson[] }>(
      api(server.url, '/v2/orders', 'POST', {
        event_id: event.id,
        items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
        buyer: { name: 'Paper Holder', email: 'paper@example.test' },
        payment_method: 'cash',
      }),
    );
    const ticket = order.tickets[0]!;
    expect(passExp(ticket)).toBeGreaterThanOrEqual(Date.parse(doorsAt) / 1000 + 86_400);
    expect(passExp(ticket)).toBe(Math.ceil(Date.parse(doorsAt) / 1000) + 86_400);

    const movedDoors = '2030-12-25T20:30:00.001Z';
    await okJson(api(server.url, `/v2/events/${event.id}`, 'PATCH', { doors_at: movedDoors }));
    const reread = await okJson<TicketJson>(api(server.url, `/v2/tickets/${ticket.id}`));
    expect(passExp(reread)).toBeGreaterThanOrEqual(Date.parse(movedDoors) / 1000 + 86_400);
  });
});
