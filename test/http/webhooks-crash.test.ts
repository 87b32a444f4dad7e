import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  api,
  httpSaleEvent,
  removeServerBundle,
  spawnServer,
  type SpawnedServer,
} from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';
import { closedPort, WebhookReceiver } from '../support/webhook-receiver.js';

const servers: SpawnedServer[] = [];
let receiver: WebhookReceiver | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill9();
  await receiver?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  receiver = undefined;
  dataDir = undefined;
});
afterAll(removeServerBundle);

// Probe the downed receiver every 200 ms instead of 10 s, so the test is short. The built server
// starts in about a second where the TypeScript sources take 5–7 s on a busy 2-core machine.
const start = async () => {
  const server = await spawnServer(dataDir!, { MARQUEE_WEBHOOK_PROBE_MS: '200' }, { bundled: true });
  servers.push(server);
  return server;
};

interface Body {
  id: string;
  type: string;
  data: { object: { id: string } };
}

describe('kill -9 with webhooks queued and in flight', () => {
  // Three real server starts, 100 checkouts and two drains: generous for a loaded 2-core machine.
  // Every wait inside is for an event (a delivery, an empty outbox), so speed decides only how
  // long this takes, not whether it passes.
  it('delivers all 100 order.created after two crashes; duplicates only with the same webhook-id', async () => {
    dataDir = tempDataDir('marquee-webhook-crash-');
    const port = await closedPort();
    receiver = new WebhookReceiver();
    receiver.port = port;

    // 1. Receiver down; 100 checkouts; kill -9.
    let server = await start();
    const endpoint = await api(server.url, '/v2/webhook_endpoints', 'POST', {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['order.created'],
    });
    expect(endpoint.status).toBe(200);
    const { id: endpointId, secret } = (await endpoint.json()) as { id: string; secret: string };
    const { eventId, tierId } = await httpSaleEvent(server.url, 1_000);
    const orderIds: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await api(server.url, '/v2/orders', 'POST', {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity: 1 }],
        buyer: { name: `Buyer ${i}`, email: `b${i}@example.com` },
        payment_method: 'cash',
      });
      expect(res.status).toBe(200);
      orderIds.push(((await res.json()) as { id: string }).id);
    }
    const before = (await (await api(server.url, '/v2/webhooks/status')).json()) as {
      online: boolean;
      queued: number;
      failing: number;
    };
    expect(before).toMatchObject({ online: false, queued: 100, failing: 0 });
    await server.kill9();
    expect(receiver.received).toHaveLength(0);

    // 2. Restart; the receiver comes up and answers the first 30, then holds every answer: the
    //    second kill -9 comes mid-drain with deliveries in flight, however fast the machine.
    server = await start();
    const held: ServerResponse[] = [];
    receiver.respond = (_req, i, res) => {
      if (i < 30) res.writeHead(200).end();
      else held.push(res);
    };
    await receiver.start();
    await receiver.waitWhileProgressing(() => receiver!.received.length > 30, 'a delivery in flight');
    await server.kill9();
    const afterSecondCrash = receiver.ids().size;
    for (const res of held) res.destroy();

    // 3. Restart once more: everything left is sent.
    receiver.respond = (_req, _i, res) => res.writeHead(200).end();
    server = await start();
    await receiver.waitWhileProgressing(() => receiver!.ids().size >= 100, '100 distinct webhook-ids');
    // The last answers are recorded a moment after they are sent.
    await eventually(
      async () => {
        const s = (await (await api(server.url, '/v2/webhooks/status')).json()) as { queued: number };
        return s.queued === 0 ? true : undefined;
      },
      30_000,
      'an empty outbox',
    );

    const byId = new Map<string, string>();
    for (const got of receiver.received) {
      const headers = {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      };
      const body = new Webhook(secret).verify(got.body, headers) as Body;
      expect(body.type).toBe('order.created');
      expect(body.id).toBe(headers['webhook-id']);
      // A repeat is the same message: same id, same bytes.
      const earlier = byId.get(body.id);
      if (earlier !== undefined) expect(got.body).toBe(earlier);
      byId.set(body.id, got.body);
    }
    const delivered = [...byId.values()].map((b) => (JSON.parse(b) as Body).data.object.id).sort();
    expect(delivered).toEqual([...orderIds].sort());
    expect(byId.size).toBe(100);
    expect(afterSecondCrash).toBeLessThan(100);

    const log = (await (
      await api(server.url, `/v2/webhook_endpoints/${endpointId}/deliveries?status=delivered&limit=100`)
    ).json()) as { data: unknown[]; has_more: boolean };
    expect(log.data).toHaveLength(100);
    expect(log.has_more).toBe(false);
    console.log(
      `webhooks-crash: ${receiver.received.length} requests for 100 messages ` +
        `(${receiver.received.length - 100} at-least-once repeats), ${afterSecondCrash} distinct before the 2nd kill`,
    );
  }, 120_000);
});
