import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLoopback } from '../../src/server/extra-listener.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { SseClient } from '../support/sse-client.js';
import { eventPostInFlight } from '../support/raw-http.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

let server: RunningServer | undefined;
let dataDir: string | undefined;
const agents: Agent[] = [];
const clients: SseClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const agent of agents.splice(0)) agent.destroy();
  await server?.close();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  connection?: string;
  body: unknown;
}

/** One request over node:http, so the connection (keep-alive or not) is under the test's control. */
function call(
  base: string,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  agent?: Agent | false,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: text ? (JSON.parse(text) as unknown) : null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function start(): Promise<RunningServer> {
  dataDir = tempDataDir('marquee-loopback-');
  server = await startServer(testOptions(dataDir, { baseUrl: undefined }), undefined, { loopbackPort: 0 });
  return server;
}

describe('the loopback listener beside the main one', () => {
  it('serves the same app: both answer, and a key made on one works on the other', async () => {
    const running = await start();
    expect(running.loopbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.loopbackUrl).not.toBe(running.url);
    const loopback = running.loopbackUrl!;

    for (const base of [running.url, loopback]) {
      const health = await call(base, 'GET', '/v2/health', null);
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    }

    // A till key made over the main listener sells over loopback, and the event it made shows on both.
    const made = await call(running.url, 'POST', '/v2/api_keys', adminSecret, {
      name: 'till 2',
      scope: 'box_office',
    });
    expect(made.status).toBe(200);
    const secret = (made.body as { secret: string }).secret;
    const event = await call(loopback, 'POST', '/v2/events', adminSecret, {
      title: 'Two doors',
      venue: 'Hall',
      doors_at: '2030-01-01T19:00:00Z',
      tickets: [{ name: 'GA', price_cents: 1500, quantity: 10 }],
    });
    expect(event.status).toBe(200);
    const eventId = (event.body as { id: string }).id;
    expect((await call(running.url, 'POST', `/v2/events/${eventId}/publish`, adminSecret)).status).toBe(200);
    const tiers = await call(loopback, 'GET', `/v2/events/${eventId}/tiers`, secret);
    const tierId = (tiers.body as { data: { id: string }[] }).data[0]!.id;
    const order = await call(loopback, 'POST', '/v2/orders', secret, {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 2 }],
      buyer: { name: 'Walk-in', email: 'walkin@example.test' },
      payment_method: 'cash',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const seen = await call(running.url, 'GET', `/v2/orders/${(order.body as { id: string }).id}`, secret);
    expect(seen).toMatchObject({ status: 200, body: { status: 'paid', total_cents: 3000 } });

    // Same access rules on both: the till key is refused admin routes on loopback too.
    const denied = await call(loopback, 'GET', '/v2/api_keys', secret);
    expect(denied).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope' } } });
    const anonymous = await call(loopback, 'GET', '/v2/events', null);
    expect(anonymous.status).toBe(401);
  });

  it('close stops both listeners promptly, even with keep-alive clients and a feed stream on loopback', async () => {
    const running = await start();
    const loopback = running.loopbackUrl!;
    const agent = new Agent({ keepAlive: true, timeout: 60_000 });
    agents.push(agent);
    // An idle keep-alive connection and an open scan-feed stream, like a box office window has.
    expect((await call(loopback, 'GET', '/v2/events', adminSecret, undefined, agent)).status).toBe(200);
    const feed = await SseClient.open(`${loopback}/v2/scans/stream`, {
      authorization: `Bearer ${adminSecret}`,
    });
    clients.push(feed);
    expect(feed.status).toBe(200);

    const started = performance.now();
    await running.close();
    const closeMs = performance.now() - started;
    server = undefined;
    // The 72 s keep-alive and the endless stream would hold a naive close; this must not wait on
    // them. The bound is theirs (less than half the keep-alive), not a guess at the machine's speed.
    expect(closeMs).toBeLessThan(30_000);
    await feed.waitFor(() => feed.ended);
    expect(feed.ended).toBe(true);
    for (const base of [running.url, loopback]) {
      // A fresh connection each: nothing listens any more.
      await expect(call(base, 'GET', '/v2/health', null, undefined, false)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    }
  });

  it('finishes a request that is in flight on loopback when the close starts, then closes its connection', async () => {
    const running = await start();
    const loopback = new URL(running.loopbackUrl!);
    const agent = new Agent({ keepAlive: true, timeout: 60_000 });
    agents.push(agent);
    // Node announces each request a server has read the headers of and hands to its handler:
    // the event to start closing on, rather than a pause a loaded machine may not honour.
    const inFlight = new Promise<void>((resolve) => {
      const onStart = (message: unknown): void => {
        const { request: incoming } = message as { request: IncomingMessage };
        if (incoming.method !== 'POST' || incoming.url !== '/v2/events') return;
        unsubscribe('http.server.request.start', onStart);
        resolve();
      };
      subscribe('http.server.request.start', onStart);
    });
    const { answer, finish } = eventPostInFlight(
      agent,
      { host: loopback.hostname, port: loopback.port },
      { title: 'Late', venue: 'Hall', doors_at: '2030-01-01T19:00:00Z' },
    );
    await inFlight;
    const closed = running.close();
    server = undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish();
    const res = await answer;
    // Written before the store closed: the store is still open for requests loopback accepted.
    expect(res.status, String(res.body)).toBe(200);
    expect(res.connection).toBe('close');
    await closed;
  });

  it('refuses to serve plain HTTP on anything but loopback', async () => {
    const running = await start();
    await expect(listenLoopback(running.app, { host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
  });
});
