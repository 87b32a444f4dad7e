import { rmSync } from 'node:fs';
import { Value } from 'typebox/value';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedReplaceableAfterMs, maxFeedsPerKey } from '../../src/server/routes/scan-stream.js';
import { FeedTicketChange, Scan } from '../../src/server/schemas/scans.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import type { TicketJson } from '../support/sales-fixtures.js';
import type { ScanJson, ValidateJson } from '../support/scan-fixtures.js';
import { eventually } from '../support/eventually.js';
import { jsonOverHttp } from '../support/http-client.js';
import { SseClient } from '../support/sse-client.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

let server: RunningServer;
let dataDir: string;
/** Added to the server's clock: a minute passes without waiting for it. */
let clockAhead = 0;
const clients: SseClient[] = [];

const call = <T>(path: string, method = 'GET', body?: unknown, key: string | null = adminSecret) =>
  jsonOverHttp<T>(server.url, path, method, body, key);

async function ok<T>(
  path: string,
  method = 'GET',
  body?: unknown,
  key: string | null = adminSecret,
): Promise<T> {
  const res = await call<T>(path, method, body, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function saleWithTickets(quantity: number): Promise<{ eventId: string; tickets: TicketJson[] }> {
  const event = await ok<{ id: string }>('/v2/events', 'POST', {
    title: 'Live show',
    venue: 'Hall',
    doors_at: '2030-01-01T19:00:00Z',
    tickets: [{ name: 'GA', price_cents: 1000, quantity: 500, max_per_order: 100 }],
  });
  await ok(`/v2/events/${event.id}/publish`, 'POST');
  const tiers = await ok<{ data: { id: string }[] }>(`/v2/events/${event.id}/tiers`);
  const order = await ok<{ tickets: TicketJson[] }>('/v2/orders', 'POST', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity }],
    buyer: { name: 'Ada', email: 'ada@example.com' },
    payment_method: 'cash',
  });
  return { eventId: event.id, tickets: order.tickets };
}

const stream = async (query = '', headers: Record<string, string> = {}, key: string | null = adminSecret) => {
  const client = await SseClient.open(`${server.url}/v2/scans/stream${query}`, {
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...headers,
  });
  clients.push(client);
  return client;
};

beforeEach(async () => {
  dataDir = tempDataDir('marquee-scan-live-');
  clockAhead = 0;
  server = await startServer(testOptions(dataDir, { now: () => Date.now() + clockAhead }), undefined);
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('door scanning over real HTTP', () => {
  it('20 concurrent validations of one ticket: exactly one admitted, 19 already_scanned, scan_count 1', async () => {
    const { tickets } = await saleWithTickets(1);
    const token = tickets[0]!.qr_token;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ok<ValidateJson>('/v2/scan/validate', 'POST', { token })),
    );
    expect(answers.filter((a) => a.result === 'admitted')).toHaveLength(1);
    const refused = answers.filter((a) => a.result === 'rejected');
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((a) => a.reason))).toEqual(new Set(['already_scanned']));
    const ticket = await ok<TicketJson>(`/v2/tickets/${tickets[0]!.id}`);
    expect(ticket.scan_count).toBe(1);
    const scans = await ok<{ data: ScanJson[] }>(`/v2/scans?ticket_id=${tickets[0]!.id}&limit=100`);
    expect(scans.data).toHaveLength(20);
  });

  it('HEAD on the feed answers its headers and ends, instead of holding a silent feed open', async () => {
    const { eventId } = await saleWithTickets(1);
    const started = performance.now();
    const res = await fetch(`${server.url}/v2/scans/stream?event_id=${eventId}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${adminSecret}` },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('one key holds at most maxFeedsPerKey feeds: the next is 429 with Retry-After; other keys are not held up', async () => {
    for (let i = 0; i < maxFeedsPerKey; i++) expect((await stream()).status).toBe(200);
    const refused = await stream();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    await refused.waitFor(() => refused.ended);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { type: 'rate_limit_error', code: 'rate_limited' },
    });

    const door = await ok<{ secret: string }>('/v2/api_keys', 'POST', { name: 'Door 2', scope: 'scanner' });
    expect((await stream('', {}, door.secret)).status).toBe(200);

    clients[0]!.close();
    await eventually(
      async () => {
        const again = await stream();
        return again.status === 200 ? true : undefined;
      },
      5_000,
      'a closed feed frees its place',
    );
  });

  it('a key at its limit gives up its oldest feed once that one is over a minute old (a door that lost Wi-Fi reconnects)', async () => {
    for (let i = 0; i < maxFeedsPerKey; i++) expect((await stream()).status).toBe(200);
    const [oldest, second] = [clients[0]!, clients[1]!];
    expect((await stream()).status).toBe(429);

    // The server still holds the feeds of connections that died without closing; a minute on,
    // the door's reconnection takes the oldest one's place instead of being refused.
    clockAhead = feedReplaceableAfterMs + 1_000;
    const reconnected = await stream();
    expect(reconnected.status).toBe(200);
    await oldest.waitFor(() => oldest.ended);
    expect(second.ended).toBe(false);
    expect(reconnected.ended).toBe(false);
    // Still at most maxFeedsPerKey at once: the next one ends the second oldest.
    expect((await stream()).status).toBe(200);
    await second.waitFor(() => second.ended);
  });

  it('the SSE feed delivers a scan within 2 s of the validation, with its id', async () => {
    const { eventId, tickets } = await saleWithTickets(1);
    const feed = await stream(`?event_id=${eventId}`);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/event-stream/);
    const sent = performance.now();
    const answer = await ok<ValidateJson>('/v2/scan/validate', 'POST', { token: tickets[0]!.qr_token });
    await feed.waitFor(() => feed.ofType('scan').length === 1);
    const event = feed.ofType('scan')[0]!;
    expect(event.at - sent).toBeLessThan(2000);
    expect(event.id).toMatch(/^\d+$/);
    expect(JSON.parse(event.data)).toEqual(answer.scan);
    // What the OpenAPI document says `event: scan` carries (GET /v2/scans/stream, 200).
    expect(Value.Check(Scan, JSON.parse(event.data))).toBe(true);
  });

  it('resumes after Last-Event-ID (header or query) with exactly what was missed', async () => {
    const { eventId, tickets } = await saleWithTickets(3);
    const first = await stream(`?event_id=${eventId}`);
    await ok('/v2/scan/validate', 'POST', { token: tickets[0]!.qr_token });
    await first.waitFor(() => first.ofType('scan').length === 1);
    const lastId = first.ofType('scan')[0]!.id!;
    first.close();

    const missed = [
      await ok<ValidateJson>('/v2/scan/validate', 'POST', { token: tickets[1]!.qr_token }),
      await ok<ValidateJson>('/v2/scan/validate', 'POST', { token: tickets[2]!.qr_token }),
    ];
    const resumed = await stream(`?event_id=${eventId}`, { 'last-event-id': lastId });
    await resumed.waitFor(() => resumed.ofType('scan').length === 2);
    expect(resumed.ofType('scan').map((e) => (JSON.parse(e.data) as ScanJson).id)).toEqual(
      missed.map((m) => m.scan.id),
    );
    expect(resumed.ofType('scan').every((e) => Number(e.id) > Number(lastId))).toBe(true);

    const byQuery = await stream(`?event_id=${eventId}&last_event_id=${lastId}`);
    await byQuery.waitFor(() => byQuery.ofType('scan').length === 2);
  });

  it('sends ticket changes made by other services (void) as event: ticket', async () => {
    const { eventId, tickets } = await saleWithTickets(2);
    const feed = await stream(`?event_id=${eventId}`);
    await ok(`/v2/tickets/${tickets[0]!.id}/void`, 'POST', { refund: false });
    await feed.waitFor(() => feed.ofType('ticket').length >= 1);
    expect(JSON.parse(feed.ofType('ticket')[0]!.data)).toEqual({
      ticket_id: tickets[0]!.id,
      event_id: eventId,
      change: 'voided',
      status: 'voided',
    });
    // What the OpenAPI document says `event: ticket` carries; a sale's entry too.
    expect(Value.Check(FeedTicketChange, JSON.parse(feed.ofType('ticket')[0]!.data))).toBe(true);
    const sold = await stream(`?event_id=${eventId}&last_event_id=0`);
    await sold.waitFor(() => sold.ofType('ticket').some((e) => e.data.includes('"sold"')));
    for (const entry of sold.ofType('ticket'))
      expect(Value.Check(FeedTicketChange, JSON.parse(entry.data)), entry.data).toBe(true);
  });

  it('a stream token opens the feed without a header; the key itself is never accepted in the URL', async () => {
    const { eventId, tickets } = await saleWithTickets(1);
    const other = await saleWithTickets(1);
    const boxOffice = (
      await ok<{ secret: string }>('/v2/api_keys', 'POST', { name: 'monitor', scope: 'box_office' })
    ).secret;
    const grant = await ok<{ stream_token: string; url: string; expires_at: string }>(
      '/v2/scans/stream_token',
      'POST',
      { event_id: eventId },
      boxOffice,
    );
    expect(grant.stream_token).toMatch(/^st_/);
    expect(grant.url).toBe(`/v2/scans/stream?stream_token=${grant.stream_token}&event_id=${eventId}`);
    const feed = await stream(grant.url.replace('/v2/scans/stream', ''), {}, null);
    expect(feed.status).toBe(200);
    await ok('/v2/scan/validate', 'POST', { token: other.tickets[0]!.qr_token });
    await ok('/v2/scan/validate', 'POST', { token: tickets[0]!.qr_token });
    await feed.waitFor(() => feed.ofType('scan').length === 1);
    expect((JSON.parse(feed.ofType('scan')[0]!.data) as ScanJson).ticket_id).toBe(tickets[0]!.id);

    const wrongEvent = await stream(
      `?stream_token=${grant.stream_token}&event_id=${other.eventId}`,
      {},
      null,
    );
    expect(wrongEvent.status).toBe(400);
    const forged = await stream('?stream_token=st_forged', {}, null);
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'invalid_stream_token' } });
    const keyInUrl = await stream(`?key=${adminSecret}`, {}, null);
    expect(keyInUrl.status).toBe(400);
    const none = await stream('', {}, null);
    expect(none.status).toBe(401);
  });

  it('revoking a device closes its open stream; closing the server ends every stream promptly', async () => {
    const pairing = await ok<{ pairing_token: string }>('/v2/devices/pairing', 'POST', {});
    const paired = await ok<{ device: { id: string }; api_key: { secret: string } }>(
      '/v2/devices/pair',
      'POST',
      { pairing_token: pairing.pairing_token, name: 'Door' },
      null,
    );
    const deviceFeed = await stream('', {}, paired.api_key.secret);
    const adminFeed = await stream();
    expect(deviceFeed.status).toBe(200);
    await ok(`/v2/devices/${paired.device.id}`, 'DELETE');
    await deviceFeed.waitFor(() => deviceFeed.ended);
    expect(adminFeed.ended).toBe(false);

    const started = performance.now();
    await server.close();
    // Promptly: not held by the endless stream or the 72 s keep-alive (the bound is theirs, not a
    // guess at the machine's speed).
    expect(performance.now() - started).toBeLessThan(30_000);
    await adminFeed.waitFor(() => adminFeed.ended);
    // afterEach closes again; a second close is harmless.
  });
});
