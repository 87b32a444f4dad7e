import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.mjs';
import { verifyTicket, verifyWebhook } from '../examples/verify.js';
import {
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  MarqueeClient,
  NotFoundError,
  PermissionError,
  TicketTokenError,
  TicketVerifier,
  Webhook,
  WebhookVerificationError,
} from '../src/index.js';

interface Delivery {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver on 127.0.0.1 (node:http) that keeps what arrives. */
async function startReceiver(): Promise<{
  url: string;
  next: (kind: string) => Promise<Delivery>;
  server: Server;
}> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const next = async (kind: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = deliveries.findIndex((d) => (JSON.parse(d.body) as { type: string }).type === kind);
      if (found >= 0) return deliveries.splice(found, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no ${kind} delivery in 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { url: `http://127.0.0.1:${port}/hooks`, next, server };
}

/** The client against a real server: sell, read, verify offline, receive a webhook, page, refuse. */
describe('@marquee/client against a live server', () => {
  let server: TestServer;
  let client: MarqueeClient;

  beforeAll(async () => {
    server = await startTestServer();
    client = new MarqueeClient(server.apiKey, { baseUrl: server.url });
  });
  afterAll(() => server?.stop());

  async function newEvent(quantity = 10) {
    const event = await client.post('/v2/events', {
      body: { title: 'Night show', venue: 'Main hall', doors_at: '2030-12-24T19:00:00+00:00' },
    });
    const tier = await client.post('/v2/events/{event_id}/tiers', {
      path: { event_id: event.id },
      body: { name: 'General admission', price_cents: 2500, quantity },
    });
    await client.post('/v2/events/{id}/publish', { path: { id: event.id } });
    return { event, tier };
  }

  const checkout = (eventId: string, tierId: string, quantity: number, idempotencyKey?: string) =>
    client.post('/v2/orders', {
      body: {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity }],
        buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
        payment_method: 'cash',
      },
      idempotencyKey,
    });

  it('sells, reads the ticket, verifies its token offline, receives a webhook, pages and refuses typed', async () => {
    const receiver = await startReceiver();
    try {
      const { event, tier } = await newEvent();
      const endpoint = await client.post('/v2/webhook_endpoints', {
        body: { url: receiver.url, events: ['order.created'] },
      });
      const order = await checkout(event.id, tier.id, 3);
      expect([order.status, order.tickets.length]).toEqual(['paid', 3]);

      // The ticket, read back, carries a token that verifies offline against the JWKS.
      const ticket = await client.get('/v2/tickets/{id}', { path: { id: order.tickets[0]!.id } });
      const verified = (await client.ticketVerifier()).verify(ticket.qr_token, { eventId: event.id });
      expect(verified).toMatchObject({
        kind: 'rotating',
        ticketId: ticket.id,
        eventId: event.id,
        tierId: tier.id,
      });
      expect(verified.expiresAt - verified.issuedAt).toBe(300);

      // The order.created delivery verifies with the endpoint's secret, and not with another.
      const delivery = await receiver.next('order.created');
      const message = new Webhook(endpoint.secret).verify<{ id: string }>(delivery.body, delivery.headers);
      expect(message.data.object.id).toBe(order.id);
      const other = await client.post('/v2/webhook_endpoints', {
        body: { url: receiver.url, events: ['payout.paid'] },
      });
      expect(() => new Webhook(other.secret).verify(delivery.body, delivery.headers)).toThrow(
        WebhookVerificationError,
      );

      // The documented snippets, on the same real delivery and token.
      const headers = new Headers(delivery.headers as Record<string, string>);
      expect(verifyWebhook(endpoint.secret, delivery.body, headers).id).toBe(message.id);
      expect((await verifyTicket(server.url, ticket.qr_token)).ticketId).toBe(ticket.id);

      // Three attendees, one per page: the iterator follows next_cursor to the end.
      const attendees = [];
      for await (const attendee of client.list('/v2/attendees', {
        query: { event_id: event.id, limit: 1 },
      })) {
        attendees.push(attendee.ticket_id);
      }
      expect(attendees).toEqual(order.tickets.map((t) => t.id));

      // A tier with sales cannot be deleted: 409 as a typed ConflictError.
      const refused = await client
        .delete('/v2/tiers/{id}', { path: { id: tier.id } })
        .catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(ConflictError);
      expect(refused).toMatchObject({ status: 409, code: 'tier_has_sales', type: 'conflict_error' });
      expect((refused as ConflictError).requestId).toBeTruthy();
    } finally {
      receiver.server.close();
    }
  });

  it('answers a sold-out checkout with a ConflictError', async () => {
    const { event, tier } = await newEvent(1);
    await checkout(event.id, tier.id, 1);
    await expect(checkout(event.id, tier.id, 1)).rejects.toMatchObject({
      name: 'ConflictError',
      code: 'sold_out',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const { event, tier } = await newEvent();
    const key = `replay-${event.id}`;
    const first = await checkout(event.id, tier.id, 1, key);
    const again = await checkout(event.id, tier.id, 1, key);
    const fresh = await checkout(event.id, tier.id, 1);
    expect(again.id).toBe(first.id);
    expect(fresh.id).not.toBe(first.id);
    expect((await client.get('/v2/tiers/{id}', { path: { id: tier.id } })).sold).toBe(2);
    await expect(checkout(event.id, tier.id, 2, key)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });

  it('types every refusal by its envelope', async () => {
    const missing = client.get('/v2/events/{id}', { path: { id: 'evt_00000000000000000000' } });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({ code: 'resource_missing', param: 'id' });
    const invalid = client.post('/v2/events', {
      // @ts-expect-error venue is required: the generated types say so, and so does the server
      body: { title: 'No venue', doors_at: '2030-12-24T19:00:00Z' },
    });
    await expect(invalid).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(invalid).rejects.toMatchObject({ code: 'missing_field', param: 'venue' });
    const stranger = new MarqueeClient('sk_live_notakeyofthisserver00', { baseUrl: server.url });
    await expect(stranger.get('/v2/events')).rejects.toBeInstanceOf(AuthenticationError);
    const scanner = await client.post('/v2/api_keys', { body: { name: 'door', scope: 'scanner' } });
    const door = new MarqueeClient(scanner.secret, { baseUrl: server.url });
    await expect(door.get('/v2/orders')).rejects.toBeInstanceOf(PermissionError);
    await expect(door.get('/v2/orders')).rejects.toMatchObject({ code: 'insufficient_scope' });
  });

  it('refuses a forged token and one for another event', async () => {
    const { event, tier } = await newEvent();
    const token = (await checkout(event.id, tier.id, 1)).tickets[0]!.qr_token;
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const verifier = await client.ticketVerifier();
    const reason = (run: () => unknown) => {
      try {
        run();
      } catch (err) {
        return err instanceof TicketTokenError ? err.reason : err;
      }
      return 'accepted';
    };
    expect(reason(() => verifier.verify(`${head}.${payload}.${'A'.repeat(signature.length)}`))).toBe(
      'invalid_signature',
    );
    expect(reason(() => verifier.verify(token, { eventId: 'evt_someotherevent0000' }))).toBe('wrong_event');
  });
  it('follows a key rotation with verifyFresh, fetching the JWKS at most every 30 s', async () => {
    const { event, tier } = await newEvent();
    const sell = async () => (await checkout(event.id, tier.id, 1)).tickets[0]!.qr_token;
    const [head, payload, signature] = (await sell()).split('.') as [string, string, string];
    const header = { ...JSON.parse(Buffer.from(head, 'base64url').toString()), kid: 'not-the-venues' };
    const stranger = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}.${signature}`;
    const reason = async (run: () => Promise<unknown>) =>
      run().then(
        () => 'accepted',
        (err: unknown) => (err instanceof TicketTokenError ? err.reason : err),
      );
    for (const verifier of [await client.ticketVerifier(), await TicketVerifier.fetch(server.url)]) {
      const start = Date.now() / 1000;
      // An unknown kid fetches the JWKS again, which does not hold it either: refused.
      expect(await reason(() => verifier.verifyFresh(stranger, { now: start }))).toBe('invalid_signature');
      const rotated = await client.post('/v2/scan/keys/rotate', {});
      const token = await sell();
      // Within 30 s of the last fetch: not again; and verify alone never fetches.
      expect(await reason(() => verifier.verifyFresh(token, { now: start + 1 }))).toBe('invalid_signature');
      expect(await reason(async () => verifier.verify(token, { now: start + 31 }))).toBe('invalid_signature');
      expect((await verifier.verifyFresh(token, { now: start + 31 })).keyId).toBe(rotated.active_kid);
    }
    // One made from a saved JWKS never goes to the network.
    const saved = new TicketVerifier(await client.get('/v2/scan/jwks', {}));
    await client.post('/v2/scan/keys/rotate', {});
    expect(await reason(async () => saved.verifyFresh(await sell()))).toBe('invalid_signature');
  });
});
