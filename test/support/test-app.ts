import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { embeddedServerOptions } from '../../src/server/app-options.js';
import type { ServerOptions } from '../../src/server/config.js';

export const adminSecret = 'sk_live_testadminkey0000000000000001';

/** A clock tests can move: sale windows and token lifetimes depend on it. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-22T12:00:00Z')) {}
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export function tempDataDir(prefix = 'marquee-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function testOptions(dataDir: string, overrides: Partial<ServerOptions> = {}): ServerOptions {
  return embeddedServerOptions(dataDir, {
    adminKey: adminSecret,
    baseUrl: 'http://venue.test',
    venueName: 'Test venue',
    // Its own, removed on close: the default (beside the data folder) is /tmp/marquee-backups here.
    backupFolder: `${dataDir}-backups`,
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  clock: TestClock;
  /** inject with the admin key unless `auth` overrides it (null: no Authorization header). */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    auth?: string | null,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Builds the real app on a fresh SQLite file in a temp dir, with an injectable clock. */
export async function makeTestApp(overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  return openTestApp(tempDataDir(), overrides);
}

/** The real app on a data dir that may hold a store already (an older version's, to upgrade). */
export async function openTestApp(dataDir: string, overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  const clock = new TestClock();
  const app = await buildApp(testOptions(dataDir, { now: clock.now, ...overrides }));
  return testApp(app, dataDir, clock);
}

/** The real app on a fresh data dir, listening on loopback: what the renderer's client meets. */
export interface ServedTestApp {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`, as Fastify reports the address it listens on. */
  url: string;
  /** Closes the app and removes its data dir and backups. */
  close(): Promise<void>;
}

/** On the machine's own clock (no TestClock): the UI's stores read the time themselves. */
export async function serveTestApp(overrides: Partial<ServerOptions> = {}): Promise<ServedTestApp> {
  const dataDir = tempDataDir();
  const app = await buildApp(testOptions(dataDir, overrides));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, close: testApp(app, dataDir, new TestClock()).close };
}

/**
 * Closes the app and starts it again on the same data dir and clock, as a restart of the server
 * would; the returned TestApp's close removes the dir.
 */
export async function restartTestApp(t: TestApp, overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  await t.app.close();
  const app = await buildApp(testOptions(t.dataDir, { now: t.clock.now, ...overrides }));
  return testApp(app, t.dataDir, t.clock);
}

function testApp(app: FastifyInstance, dataDir: string, clock: TestClock): TestApp {
  return {
    app,
    dataDir,
    clock,
    call: (method, url, body, auth = adminSecret, headers = {}) =>
      app.inject({
        method,
        url,
        headers: {
          ...(auth === null ? {} : { authorization: `Bearer ${auth}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined
          ? {}
          : {
              payload: typeof body === 'string' ? body : JSON.stringify(body),
            }),
      }),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-backups`, { recursive: true, force: true });
    },
  };
}

/** A published event with one public tier, the usual starting point of sales tests. */
export async function publishedEvent(
  t: TestApp,
  tier: Record<string, unknown> = {},
): Promise<{ eventId: string; tierId: string }> {
  const created = await t.call('POST', '/v2/events', {
    title: 'Night show',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00+00:00',
    // Named, so attendee-facing times read the same on any machine (the default is the server's zone).
    timezone: 'UTC',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100, ...tier }],
  });
  const event = created.json() as { id: string };
  await t.call('POST', `/v2/events/${event.id}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] };
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}
