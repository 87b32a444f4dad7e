import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { eventPostInFlight } from '../support/raw-http.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

let app: FastifyInstance | undefined;
let dataDir: string | undefined;
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  await app?.close();
  app = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('closing the server with keep-alive clients', () => {
  it('finishes a request in flight, closes its connection, and does not wait for the client to hang up', async () => {
    dataDir = tempDataDir();
    app = await buildApp(testOptions(dataDir));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    // A client that would keep an idle connection for a minute, like a till's browser.
    const agent = new Agent({ keepAlive: true, timeout: 60_000 });
    agents.push(agent);
    // Node emits 'request' once it has parsed the headers: the request is then in flight.
    const inFlight = once(app.server, 'request');
    const { answer, finish } = eventPostInFlight(
      agent,
      { host: '127.0.0.1', port },
      { title: 'A', venue: 'B', doors_at: '2026-12-24T19:00:00+00:00' },
    );
    await inFlight;

    const started = Date.now();
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish();
    const res = await answer;
    expect(res.status, res.body).toBe(200);
    expect(res.connection).toBe('close');
    await closed;
    // Without closing the connection, close() would wait for the agent's 60 s idle timeout (the
    // bound is half of that, not a guess at the machine's speed).
    expect(Date.now() - started).toBeLessThan(30_000);
    app = undefined;
  });

  it('cuts a request whose body never comes once the drain grace has passed, and still closes the store', async () => {
    dataDir = tempDataDir();
    app = await buildApp(testOptions(dataDir, { drainGraceMs: 300 }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    // Node emits 'request' once it has parsed the headers: the request is then in flight.
    const inFlight = once(app.server, 'request');
    const answer = new Promise<unknown>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/v2/events',
          method: 'POST',
          headers: {
            authorization: `Bearer ${adminSecret}`,
            'content-type': 'application/json',
            'content-length': 1000,
          },
        },
        resolve,
      );
      req.on('error', reject);
      // Headers and a tenth of the body, then nothing: without the cut, close() waits for ever.
      req.write('{"title":"');
      req.write('x'.repeat(90));
    });
    answer.catch(() => undefined);
    await inFlight;
    const started = Date.now();
    await app.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3_000);
    await expect(answer).rejects.toThrow();
    expect(app.ctx.db.open).toBe(false);
    app = undefined;
  });
});
