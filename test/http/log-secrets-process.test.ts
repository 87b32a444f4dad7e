/**
 * No secret in the logs: the real headless server (src/server/cli.ts) logging everything (trace),
 * driven through every place a credential is issued or travels (first admin key, API keys, a
 * webhook endpoint and its deliveries, a checkout's wallet links and ticket codes, the wallet
 * pages, a scan-feed stream token, device pairing, validation, refused keys), then its whole
 * stdout and stderr searched for each secret issued, and for anything shaped like one, with the
 * same search as scripts/grep-secrets.mjs. The one intended print, the first admin key shown once
 * at first start (CONTRACT.md), is the only place a secret may appear.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../../scripts/grep-secrets.mjs';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-log-secrets-'));
const receiver = new WebhookReceiver();
let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.kill9();
  await receiver.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: string, path: string, key: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server!.url}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('a full run of the real server', () => {
  it('logs no secret it issued or was sent, and keeps its data files to itself', async () => {
    await receiver.start();
    server = await spawnServer(dataDir, { MARQUEE_ADMIN_KEY: '', MARQUEE_LOG_LEVEL: 'trace' });
    const admin = readFileSync(join(dataDir, 'admin-key.txt'), 'utf8').trim();
    const issued: string[] = [admin];

    // Data dir 0700, the store and its write-ahead files 0600, while the server runs.
    expect(modeOf(dataDir)).toBe('700');
    for (const name of ['marquee.db', 'marquee.db-wal', 'marquee.db-shm', 'admin-key.txt'])
      expect([name, modeOf(join(dataDir, name))]).toEqual([name, '600']);

    const till = await call<{ secret: string }>('POST', '/v2/api_keys', admin, {
      name: 'Till',
      scope: 'box_office',
    });
    const door = await call<{ secret: string }>('POST', '/v2/api_keys', admin, {
      name: 'Door',
      scope: 'scanner',
    });
    issued.push(till.secret, door.secret);

    // A receiver URL with its own credential in it, which the logs must not show either.
    const endpoint = await call<{ secret: string }>('POST', '/v2/webhook_endpoints', admin, {
      url: `${receiver.url}?token=receiver-credential-0001`,
      events: ['*'],
    });
    issued.push(endpoint.secret, 'receiver-credential-0001');

    const event = await call<{ id: string }>('POST', '/v2/events', admin, {
      title: 'Night show',
      venue: 'Main hall',
      doors_at: '2030-12-24T19:00:00+00:00',
      tickets: [
        {
          name: 'General admission',
          price_cents: 2500,
          quantity: 50,
          visibility: 'access_code',
          access_code: 'DOORS-SECRET-77',
        },
      ],
    });
    issued.push('DOORS-SECRET-77');
    await call('POST', `/v2/events/${event.id}/publish`, admin);
    const tiers = await call<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`, admin);
    const order = await call<{
      tickets: { wallet_url: string; qr_token: string; paper_pass?: string | null }[];
    }>('POST', '/v2/orders', till.secret, {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      access_code: 'DOORS-SECRET-77',
      payment_method: 'cash',
    });
    for (const ticket of order.tickets) {
      const wallet = new URL(ticket.wallet_url);
      issued.push(
        wallet.pathname.split('/')[2]!,
        ticket.qr_token,
        ...(ticket.paper_pass ? [ticket.paper_pass] : []),
      );
      for (const suffix of ['', '/qr.png', '/token', '/strip'])
        await fetch(`${server.url}${wallet.pathname}${suffix}`);
    }

    // The scan feed through a stream token, as a browser's EventSource opens it.
    const stream = await call<{ stream_token: string; url: string }>(
      'POST',
      '/v2/scans/stream_token',
      door.secret,
      {},
    );
    issued.push(stream.stream_token);
    const feed = new AbortController();
    const opened = await fetch(`${server.url}${stream.url}`, { signal: feed.signal });
    expect(opened.status).toBe(200);
    await opened.body!.getReader().read();
    feed.abort();

    // Pairing a door, which then validates a ticket with its own key.
    const pairing = await call<{ pairing_token: string }>('POST', '/v2/devices/pairing', admin, {});
    const paired = await call<{ api_key: { secret: string } }>('POST', '/v2/devices/pair', null, {
      pairing_token: pairing.pairing_token,
      name: 'Door 2',
    });
    issued.push(pairing.pairing_token, paired.api_key.secret);
    await call('POST', '/v2/scan/validate', paired.api_key.secret, { token: order.tickets[0]!.qr_token });

    // What clients get wrong: a mistyped key, a key as request id, a key in a path, a key in a query.
    const typo = `${admin.slice(0, -4)}XXXX`;
    issued.push(typo);
    await fetch(`${server.url}/v2/events`, {
      headers: { authorization: `Bearer ${typo}`, 'x-request-id': admin },
    });
    await fetch(`${server.url}/v2/nothing/${till.secret}`);
    await fetch(`${server.url}/v2/scans/stream?key=${door.secret}`);
    await fetch(`${server.url}/v2/events/${event.id}/tiers?access_code=DOORS-SECRET-77`, {
      headers: { authorization: `Bearer ${till.secret}` },
    });

    // Signed deliveries went out (the dispatcher ran, and could have logged).
    await receiver.waitFor(3);

    await server.stop();
    expect(server.child.exitCode).toBe(0);

    const logs = server.output();
    // The first admin key is printed once, as CONTRACT.md asks, before any log line; no log line
    // carries it or any other secret.
    const banner = `First admin key (shown once; also saved to ${join(dataDir, 'admin-key.txt')}):\n  ${admin}\n`;
    expect(logs.split(admin)).toHaveLength(2);
    expect(logs).toContain(banner);
    expect(findSecrets(logs.replace(banner, ''), issued)).toEqual([]);

    // It did log, at every level, with the credentials masked.
    expect(logs.match(/"msg":"incoming request"/g)?.length).toBeGreaterThan(20);
    expect(logs).toContain('"url":"/w/[redacted]/qr.png"');
    expect(logs).toContain('/v2/scans/stream?stream_token=[redacted]');
  }, 90_000);
});
