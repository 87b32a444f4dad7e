import { rmSync, writeFileSync } from 'node:fs';
import type { components } from '../../src/shared/api/schema.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLibfaketime } from '../support/faketime.js';
import { api, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';
import { waitUntil } from '../support/eventually.js';

type TicketJson = components['schemas']['Ticket'];

let dataDir: string;
let clockFile: string;
let server: SpawnedServer;

/** The server's wall clock, as its HTTP Date header gives it (whole seconds). */
async function serverNow(): Promise<number> {
  const res = await fetch(`${server.url}/v2/health`);
  return Date.parse(res.headers.get('date') ?? '');
}

async function validate(token: string): Promise<Record<string, unknown>> {
  const res = await api(server.url, '/v2/scan/validate', 'POST', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  const libfaketime = findLibfaketime();
  dataDir = tempDataDir('marquee-faketime-');
  clockFile = join(dataDir, 'faketime-offset');
  writeFileSync(clockFile, '+0\n');
  server = await spawnServer(dataDir, {
    LD_PRELOAD: libfaketime,
    // Read the offset from the file on every clock read, so the test can step the running
    // server's wall clock; monotonic clocks (timers) run on undisturbed, as in a real clock step.
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: '1',
    DONT_FAKE_MONOTONIC: '1',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a paper pass in a real server process whose clock moves on', () => {
  it('admits hours after its sale, past every 5-minute code, once; the second showing is already_scanned', async () => {
    const soldAt = await serverNow();
    expect(Math.abs(soldAt - Date.now())).toBeLessThan(60_000);
    const created = await api(server.url, '/v2/events', 'POST', {
      title: 'Box office at six, doors at seven',
      venue: 'Main hall',
      doors_at: new Date(soldAt + 3_600_000).toISOString(),
      tickets: [{ name: 'General admission', price_cents: 2500, quantity: 10 }],
    });
    expect(created.status).toBe(200);
    const event = (await created.json()) as { id: string };
    expect((await api(server.url, `/v2/events/${event.id}/publish`, 'POST', {})).status).toBe(200);
    const tiers = (await (await api(server.url, `/v2/events/${event.id}/tiers`)).json()) as {
      data: { id: string }[];
    };
    const order = await api(server.url, '/v2/orders', 'POST', {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Paper Holder', email: 'paper@example.test' },
      payment_method: 'cash',
    });
    expect(order.status).toBe(200);
    const [ticket] = ((await order.json()) as { tickets: TicketJson[] }).tickets;
    const pass = ticket!.paper_pass;
    expect(pass).toEqual(expect.any(String));

    // Three hours later, by the server's own clock.
    writeFileSync(clockFile, '+3h\n');
    await waitUntil(
      async () => (await serverNow()) >= soldAt + 3 * 3_600_000 - 60_000,
      10_000,
      "the server's clock three hours on",
    );

    // The code handed out with the sale is long dead; the pass is not.
    expect(await validate(ticket!.qr_token)).toMatchObject({ result: 'rejected', reason: 'expired' });
    expect(await validate(pass!)).toMatchObject({
      result: 'admitted',
      reason: null,
      credential: 'paper',
      ticket: { id: ticket!.id, scan_count: 1 },
    });
    expect(await validate(pass!)).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
      credential: 'paper',
    });
  });
});
