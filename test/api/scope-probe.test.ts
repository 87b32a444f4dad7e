import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import type { OrderJson, TicketJson } from '../support/sales-fixtures.js';
import { freshToken, pairDevice } from '../support/scan-fixtures.js';
import { SseClient } from '../support/sse-client.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

/**
 * Trust items 5 and 6: every /v2 route, probed with a kiosk key and with a door's scanner key.
 * The routes come from the app itself (`app.routeAccess`), so a new route with no decision here
 * fails the first test. Refused routes must answer 403 `insufficient_scope`; allowed ones must
 * carry no other customer's email, no access code, and for doors no wallet link or fresh token;
 * and no money may move except a kiosk's own card/external sale.
 */

type Who = 'kiosk' | 'scanner';

interface Prober {
  who: Who;
  /** Sends with this scope's key; every answer is checked for leaks before it is returned. */
  send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/** Allowed: `probe` makes the real requests; `head` is the URL a HEAD of the route is tried on. */
type Decision = 'forbidden' | { probe: (p: Prober) => Promise<void>; head?: string };

const accessCode = 'SECRET-CODE-42';
const otherBuyer = { name: 'Other Buyer', email: 'other.buyer@example.com' };
const attendeeEmail = 'guest.attendee@example.com';
const recipientEmail = 'transfer.recipient@example.com';
const kioskCustomer = { name: 'Kiosk Customer', email: 'kiosk.customer@example.com' };

let t: TestApp;
let baseUrl: string;
const keys = {} as Record<Who | 'boxOffice', string>;
const ids = {} as {
  event: string;
  draft: string;
  cancelled: string;
  publicTier: string;
  codeTier: string;
  unlistedTier: string;
  otherOrder: string;
  otherTicket: string;
  transferredTo: TicketJson;
  attendee: string;
  device: string;
  kioskKeyId: string;
  kioskOrder: string;
  kioskTicket: string;
};
/** Strings of the box office's sale that neither scope may ever see. */
const secrets: string[] = [otherBuyer.email, attendeeEmail, recipientEmail, accessCode];

interface Money {
  orders: {
    id: string;
    total_cents: number;
    refunded_cents: number;
    payment_method: string;
    api_key_id: string | null;
  }[];
  payouts: number;
  refunds: number;
  ticketStatuses: { id: string; status: string }[];
}
let before: Money;

function money(): Money {
  const { db } = t.app.ctx;
  return {
    orders: db
      .prepare('SELECT id, total_cents, refunded_cents, payment_method, api_key_id FROM orders ORDER BY seq')
      .all() as Money['orders'],
    payouts: (db.prepare('SELECT COUNT(*) AS n FROM payouts').get() as { n: number }).n,
    refunds: (db.prepare('SELECT COUNT(*) AS n FROM refunds').get() as { n: number }).n,
    ticketStatuses: db
      .prepare('SELECT id, status FROM tickets ORDER BY seq')
      .all() as Money['ticketStatuses'],
  };
}

/** What must never reach these keys, in any answer, refusals included. */
function expectNoLeak(who: Who, res: LightMyRequestResponse, what: string): void {
  const body = res.body;
  for (const secret of secrets) expect(body, `${who} ${what} leaks ${secret}`).not.toContain(secret);
  // A tier's code is null below box office, whatever route shows the tier.
  expect(body, `${who} ${what}: an access_code value`).not.toMatch(/"access_code":"/);
  // The OpenAPI document is public and the same for every caller (its probe checks that): the
  // values in its examples are made up, so only the real secrets above are looked for in it.
  if (who === 'scanner' && !what.endsWith(' /v2/openapi.json')) {
    // Values, not names: the public OpenAPI document names these fields for other routes.
    expect(body, `${who} ${what}: an email`).not.toMatch(/@example\.com/);
    expect(body, `${who} ${what}: a wallet link`).not.toMatch(/"wallet_url":"|\/w\/[A-Za-z0-9]/);
    expect(body, `${who} ${what}: a fresh admission token`).not.toMatch(/"qr_token":"|eyJ[\w-]+\.eyJ/);
  }
}

function prober(who: Who): Prober {
  return {
    who,
    async send(method, url, body) {
      const res = await t.call(method as 'GET', url, body, keys[who]);
      expectNoLeak(who, res, `${method} ${url}`);
      return res;
    },
  };
}

const ok = (res: LightMyRequestResponse, what: string): unknown => {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return res.json();
};

const checkoutBody = (overrides: Record<string, unknown>) => ({
  event_id: ids.event,
  items: [{ tier_id: ids.publicTier, quantity: 1 }],
  buyer: kioskCustomer,
  payment_method: 'card',
  ...overrides,
});

/** The kiosk's decisions: CONTRACT.md "Scopes (amended)". */
const kiosk: Record<string, Decision> = {
  'GET /v2/events': {
    head: '/v2/events',
    async probe(p) {
      const list = ok(await p.send('GET', '/v2/events'), 'events') as {
        data: { id: string; status: string }[];
      };
      expect(list.data.map((e) => e.id)).toEqual([ids.event]);
    },
  },
  'GET /v2/events/:id': {
    head: '/v2/events/{event}',
    async probe(p) {
      ok(await p.send('GET', `/v2/events/${ids.event}`), 'published event');
      for (const hidden of [ids.draft, ids.cancelled])
        expectError(
          await p.send('GET', `/v2/events/${hidden}`),
          404,
          'not_found_error',
          'resource_missing',
          'id',
        );
    },
  },
  'GET /v2/events/:id/offer': {
    head: '/v2/events/{event}/offer',
    async probe(p) {
      const plain = ok(await p.send('GET', `/v2/events/${ids.event}/offer`), 'offer') as {
        tiers: { id: string; access_code: null }[];
      };
      expect(plain.tiers.map((tier) => tier.id)).toEqual([ids.publicTier]);
      const wrong = await p.send('GET', `/v2/events/${ids.event}/offer?access_code=WRONG`);
      expectError(wrong, 400, 'invalid_request_error', 'invalid_access_code', 'access_code');
      const unlocked = ok(
        await p.send('GET', `/v2/events/${ids.event}/offer?access_code=${accessCode}`),
        'offer with code',
      ) as { tiers: { id: string; unlocked: boolean; access_code: null }[] };
      expect(unlocked.tiers.map((tier) => [tier.id, tier.unlocked, tier.access_code])).toEqual([
        [ids.publicTier, false, null],
        [ids.codeTier, true, null],
      ]);
      expectError(
        await p.send('GET', `/v2/events/${ids.draft}/offer`),
        404,
        'not_found_error',
        'resource_missing',
        'id',
      );
    },
  },
  'POST /v2/kiosk/attendant_check': {
    async probe(p) {
      const res = await p.send('POST', '/v2/kiosk/attendant_check', { pin: '0000' });
      expectError(res, 409, 'conflict_error', 'attendant_pin_not_set');
    },
  },
  'POST /v2/orders': {
    async probe(p) {
      // Money it may take: card and external, public tiers and tiers its code unlocks.
      ok(await p.send('POST', '/v2/orders', checkoutBody({})), 'card order');
      ok(await p.send('POST', '/v2/orders', checkoutBody({ payment_method: 'external' })), 'external order');
      ok(
        await p.send(
          'POST',
          '/v2/orders',
          checkoutBody({ items: [{ tier_id: ids.codeTier, quantity: 1 }], access_code: accessCode }),
        ),
        'unlocked tier',
      );
      // Money it may not: comps, cash, unlisted tiers, a code tier without its code.
      for (const method of ['comp', 'cash'])
        expectError(
          await p.send(
            'POST',
            '/v2/orders',
            checkoutBody({ payment_method: method, items: [{ tier_id: ids.publicTier, quantity: 10 }] }),
          ),
          403,
          'permission_error',
          'insufficient_scope',
          'payment_method',
        );
      expectError(
        await p.send(
          'POST',
          '/v2/orders',
          checkoutBody({ items: [{ tier_id: ids.unlistedTier, quantity: 1 }] }),
        ),
        403,
        'permission_error',
        'insufficient_scope',
        'items[0].tier_id',
      );
      expectError(
        await p.send('POST', '/v2/orders', checkoutBody({ items: [{ tier_id: ids.codeTier, quantity: 1 }] })),
        400,
        'invalid_request_error',
        'invalid_access_code',
        'access_code',
      );
    },
  },
  'GET /v2/orders/:id': {
    head: '/v2/orders/{kioskOrder}',
    async probe(p) {
      const own = ok(await p.send('GET', `/v2/orders/${ids.kioskOrder}`), 'own order') as OrderJson;
      expect(own.buyer).toEqual(kioskCustomer);
      // Someone else's order: the contract's "anything else: 403", naming neither buyer nor key.
      const other = await p.send('GET', `/v2/orders/${ids.otherOrder}`);
      expectError(other, 403, 'permission_error', 'insufficient_scope');
      expect(other.body).not.toContain('@');
      // An id nobody has is unknown, as for any key.
      const unknown = await p.send('GET', `/v2/orders/ord_00000000doesnotexist`);
      expectError(unknown, 404, 'not_found_error', 'resource_missing', 'id');
    },
  },
  'GET /v2/tickets/:id': {
    head: '/v2/tickets/{kioskTicket}',
    async probe(p) {
      const own = ok(await p.send('GET', `/v2/tickets/${ids.kioskTicket}`), 'own ticket') as TicketJson;
      expect(own.qr_token).toEqual(expect.any(String));
      for (const other of [ids.otherTicket, ids.transferredTo.id])
        expectError(
          await p.send('GET', `/v2/tickets/${other}`),
          403,
          'permission_error',
          'insufficient_scope',
        );
      expectError(
        await p.send('GET', '/v2/tickets/tik_00000000doesnotexist'),
        404,
        'not_found_error',
        'resource_missing',
        'id',
      );
    },
  },
  ...publicRoutes(),
  'GET /v2/scans/stream': 'forbidden',
};

/** A door's decisions: what validating, offline packs and the live feed need, nothing else. */
const scanner: Record<string, Decision> = {
  'POST /v2/scan/validate': {
    async probe(p) {
      const answer = ok(
        await p.send('POST', '/v2/scan/validate', { token: freshToken(t, ids.transferredTo) }),
        'validate',
      ) as {
        result: string;
        ticket: { tier_name: string; status: string };
        attendee: Record<string, unknown>;
      };
      expect(answer.result).toBe('admitted');
      expect(answer.ticket).toMatchObject({ tier_name: 'General admission', status: 'active' });
      expect(answer.attendee).not.toHaveProperty('email');
      expect(answer.ticket).not.toHaveProperty('wallet_url');
    },
  },
  'POST /v2/scan/sync': {
    async probe(p) {
      // A code the door read offline (fetched here with the admin key, as the customer's phone shows it).
      const ticket = (await t.call('GET', `/v2/tickets/${ids.kioskTicket}`)).json() as TicketJson;
      const res = await p.send('POST', '/v2/scan/sync', {
        device_id: ids.device,
        scans: [
          { token: ticket.qr_token, scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' },
        ],
      });
      expect((ok(res, 'sync') as { results: { result: string }[] }).results[0]?.result).toBe('admitted');
    },
  },
  'GET /v2/scan/door_pack': {
    head: '/v2/scan/door_pack?event_id={event}',
    async probe(p) {
      const pack = ok(await p.send('GET', `/v2/scan/door_pack?event_id=${ids.event}`), 'door pack') as {
        revoked: { ticket_id: string }[];
      };
      expect(pack.revoked.map((r) => r.ticket_id)).toContain(ids.otherTicket);
    },
  },
  'GET /v2/scan/lookup': {
    head: '/v2/scan/lookup?q=guest',
    async probe(p) {
      const found = ok(await p.send('GET', '/v2/scan/lookup?q=guest'), 'lookup') as {
        data: { attendee_name: string }[];
      };
      expect(found.data.map((m) => m.attendee_name)).toContain('Guest One');
    },
  },
  'GET /v2/scan/occupancy': {
    head: '/v2/scan/occupancy',
    async probe(p) {
      ok(await p.send('GET', '/v2/scan/occupancy'), 'occupancy');
    },
  },
  'POST /v2/tickets/:id/check_in': {
    async probe(p) {
      const res = await p.send('POST', `/v2/tickets/${ids.otherTicket}/check_in`, { reason: 'Probe' });
      expect(ok(res, 'check in')).toMatchObject({
        result: 'rejected',
        reason: 'voided',
        credential: 'manual',
      });
    },
  },
  'POST /v2/orders/:id/check_in': {
    async probe(p) {
      const res = await p.send('POST', `/v2/orders/${ids.otherOrder}/check_in`, {});
      expect(ok(res, 'order check in')).toMatchObject({ order: { id: ids.otherOrder } });
    },
  },
  'GET /v2/scans': {
    head: '/v2/scans',
    async probe(p) {
      const list = ok(await p.send('GET', `/v2/scans?event_id=${ids.event}`), 'scans') as { data: unknown[] };
      expect(list.data.length).toBeGreaterThan(0);
    },
  },
  'POST /v2/scans/stream_token': {
    async probe(p) {
      ok(await p.send('POST', '/v2/scans/stream_token', { event_id: ids.event }), 'stream token');
    },
  },
  'GET /v2/scans/stream': {
    head: '/v2/scans/stream',
    async probe() {
      // The whole feed of the event from its start (sales, the transfer, scans), over real HTTP.
      const entries = (
        t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM door_feed WHERE event_id = ?').get(ids.event) as {
          n: number;
        }
      ).n;
      const feed = await SseClient.open(`${baseUrl}/v2/scans/stream?event_id=${ids.event}&last_event_id=0`, {
        authorization: `Bearer ${keys.scanner}`,
      });
      try {
        expect(feed.status).toBe(200);
        await feed.waitFor(() => feed.events.length >= entries);
        expect(feed.events.length).toBeGreaterThan(3);
        const text = feed.events.map((event) => event.data).join('\n');
        for (const secret of secrets) expect(text).not.toContain(secret);
        expect(text).not.toMatch(/@example\.com|wallet_url|\/w\/|qr_token|eyJ[\w-]+\.eyJ/);
      } finally {
        feed.close();
      }
    },
  },
  ...publicRoutes(),
};

function publicRoutes(): Record<string, Decision> {
  const probe = (url: string): Decision => ({
    head: url,
    async probe(p) {
      ok(await p.send('GET', url), url);
    },
  });
  return {
    'GET /v2/health': probe('/v2/health'),
    'GET /v2/openapi.json': {
      head: '/v2/openapi.json',
      async probe(p) {
        const res = await p.send('GET', '/v2/openapi.json');
        ok(res, '/v2/openapi.json');
        expect(res.body).toBe((await t.call('GET', '/v2/openapi.json', undefined, null)).body);
      },
    },
    'GET /v2/scan/jwks': probe('/v2/scan/jwks'),
    'POST /v2/devices/pair': {
      async probe(p) {
        // Keyless by design; a key does not make a made-up token good.
        const res = await p.send('POST', '/v2/devices/pair', {
          pairing_token: 'pair_madeupmadeupmadeup',
          name: 'x',
        });
        expectError(res, 400, 'invalid_request_error', 'invalid_pairing_token', 'pairing_token');
      },
    },
  };
}

const decisions: Record<Who, Record<string, Decision>> = { kiosk, scanner };

/** A HEAD route takes its GET's decision. */
function decisionFor(who: Who, method: string, url: string): Decision {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return decisions[who][key] ?? 'forbidden';
}

/** Real ids in the path, so nothing is refused for a made-up id before the scope is looked at. */
function fill(url: string): string {
  const byPrefix: [string, string][] = [
    ['/v2/events/', ids.event],
    ['/v2/tiers/', ids.publicTier],
    ['/v2/orders/', ids.otherOrder],
    ['/v2/tickets/', ids.otherTicket],
    ['/v2/attendees/', ids.attendee],
    ['/v2/devices/', ids.device],
    ['/v2/api_keys/', ids.kioskKeyId],
  ];
  const value = byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'x_0000000000000000';
  return url.replace(/:event_id|:id/g, value);
}

const placeholders = (url: string): string =>
  url
    .replace('{event}', ids.event)
    .replace('{kioskOrder}', ids.kioskOrder)
    .replace('{kioskTicket}', ids.kioskTicket);

beforeAll(async () => {
  t = await makeTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  keys.boxOffice = await createKey(t, 'box_office');
  keys.kiosk = await createKey(t, 'kiosk');

  const created = await t.call('POST', '/v2/events', {
    title: 'Night show',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [
      { name: 'General admission', price_cents: 2500, quantity: 100 },
      {
        name: 'Members',
        price_cents: 1500,
        quantity: 20,
        visibility: 'access_code',
        access_code: accessCode,
      },
      { name: 'Press', price_cents: 0, quantity: 10, visibility: 'unlisted' },
    ],
  });
  ids.event = (created.json() as { id: string }).id;
  await t.call('POST', `/v2/events/${ids.event}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${ids.event}/tiers`)).json() as { data: { id: string }[] };
  [ids.publicTier, ids.codeTier, ids.unlistedTier] = tiers.data.map((tier) => tier.id) as [
    string,
    string,
    string,
  ];
  ids.draft = (
    (
      await t.call('POST', '/v2/events', { title: 'Draft', venue: 'Hall', doors_at: '2026-12-25T19:00:00Z' })
    ).json() as {
      id: string;
    }
  ).id;
  ids.cancelled = (
    (
      await t.call('POST', '/v2/events', { title: 'Off', venue: 'Hall', doors_at: '2026-12-26T19:00:00Z' })
    ).json() as {
      id: string;
    }
  ).id;
  await t.call('POST', `/v2/events/${ids.cancelled}/publish`);
  await t.call('POST', `/v2/events/${ids.cancelled}/cancel`);

  // The box office's sale: a buyer, a named attendee, one ticket passed on, one voided.
  const sold = await t.call(
    'POST',
    '/v2/orders',
    {
      event_id: ids.event,
      items: [{ tier_id: ids.publicTier, quantity: 3 }],
      buyer: otherBuyer,
      attendees: [
        { name: 'Guest One', email: attendeeEmail },
        { name: 'Guest Two' },
        { name: 'Guest Three' },
      ],
      payment_method: 'card',
    },
    keys.boxOffice,
  );
  const order = ok(sold, 'box office sale') as OrderJson;
  ids.otherOrder = order.id;
  const [first, second, third] = order.tickets as [TicketJson, TicketJson, TicketJson];
  ids.otherTicket = first.id;
  ids.attendee = first.attendee_id;
  ids.transferredTo = ok(
    await t.call(
      'POST',
      `/v2/tickets/${second.id}/transfer`,
      { to_email: recipientEmail, name: 'New Holder' },
      keys.boxOffice,
    ),
    'transfer',
  ) as TicketJson;
  ok(await t.call('POST', `/v2/tickets/${first.id}/void`, { refund: false }, keys.boxOffice), 'void');
  for (const ticket of order.tickets) secrets.push(ticket.wallet_url, ticket.qr_token);
  secrets.push(ids.transferredTo.wallet_url, third.wallet_url);

  const door = await pairDevice(t, { event_id: ids.event, scope: 'scanner' });
  keys.scanner = door.secret;
  ids.device = door.device.id;

  const own = ok(await t.call('POST', '/v2/orders', checkoutBody({}), keys.kiosk), 'kiosk sale') as OrderJson;
  ids.kioskOrder = own.id;
  ids.kioskTicket = own.tickets[0]!.id;
  const listed = (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string; scope: string }[] };
  ids.kioskKeyId = listed.data.find((key) => key.scope === 'kiosk')!.id;
  before = money();
});

afterAll(async () => {
  await t.close();
});

describe('every route, probed with kiosk and scanner keys', () => {
  it('decides every route the app declares, and decides no route it does not', () => {
    const declared = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    for (const who of ['kiosk', 'scanner'] as const)
      for (const key of Object.keys(decisions[who])) expect(declared, `${who}: ${key}`).toContain(key);
    // A route missing from the tables above is expected to refuse both keys. A new route that
    // lets either scope in without a decision here therefore fails the probes below (it answers
    // something other than 403), and one that stays admin-only (access.ts fails closed) passes.
    expect(t.app.routeAccess.length).toBeGreaterThan(80);
  });

  for (const who of ['kiosk', 'scanner'] as const) {
    it(`${who}: refused routes answer 403 insufficient_scope, allowed ones answer without leaks`, async () => {
      const p = prober(who);
      const seen: string[] = [];
      for (const route of t.app.routeAccess) {
        const decision = decisionFor(who, route.method, route.url);
        const label = `${route.method} ${route.url}`;
        seen.push(label);
        if (decision === 'forbidden') {
          const body =
            route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE' ? undefined : {};
          const res = await p.send(route.method, fill(route.url), body);
          expect(res.statusCode, `${who} ${label}: ${res.body}`).toBe(403);
          if (route.method !== 'HEAD') expectError(res, 403, 'permission_error', 'insufficient_scope');
        } else if (route.method === 'HEAD') {
          const res = await p.send('HEAD', placeholders(decision.head ?? ''));
          expect(res.statusCode, `${who} ${label}`).toBe(200);
        } else {
          await decision.probe(p);
        }
      }
      expect(seen.length).toBe(t.app.routeAccess.length);
    });
  }

  it('moved no money: only the kiosk’s own card and external sales were added', () => {
    const after = money();
    expect(after.payouts).toBe(before.payouts);
    expect(after.refunds).toBe(before.refunds);
    expect(after.orders.slice(0, before.orders.length)).toEqual(before.orders);
    const added = after.orders.slice(before.orders.length);
    expect(added.length).toBeGreaterThan(0);
    for (const order of added) {
      expect(order.api_key_id).toBe(ids.kioskKeyId);
      expect(['card', 'external']).toContain(order.payment_method);
      expect(order.total_cents).toBeGreaterThan(0);
    }
    // No ticket was voided or transferred by either key (the scans changed admission only).
    expect(after.ticketStatuses.slice(0, before.ticketStatuses.length)).toEqual(before.ticketStatuses);
    for (const ticket of after.ticketStatuses.slice(before.ticketStatuses.length))
      expect(ticket.status).toBe('active');
  });

  it('the OpenAPI answers of the door routes have no email, wallet_url or qr_token field', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    // Answers name their resources by reference (#/components/schemas/Scan): follow them, so a
    // field of a referenced component counts as the answer's own.
    const expand = (value: unknown, seen: readonly string[] = []): unknown => {
      if (Array.isArray(value)) return value.map((item) => expand(item, seen));
      if (value === null || typeof value !== 'object') return value;
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.replace('#/components/schemas/', '');
        expect(doc.components.schemas, ref).toHaveProperty(name);
        return seen.includes(name) ? {} : expand(doc.components.schemas[name], [...seen, name]);
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v, seen)]));
    };
    const doorRoutes = Object.keys(scanner).filter(
      (key) => !key.includes('/health') && !key.includes('openapi'),
    );
    expect(doorRoutes.length).toBeGreaterThan(3);
    for (const key of doorRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      const answer = doc.paths[path]?.[method.toLowerCase()]?.responses['200'];
      expect(answer, key).toBeDefined();
      expect(JSON.stringify(expand(answer)), key).not.toMatch(/"(email|wallet_url|qr_token)"/);
    }
    // The expansion reaches into components: a ticket's answer, expanded, does name qr_token.
    expect(JSON.stringify(expand(doc.paths['/v2/tickets/{id}']!.get!.responses['200']))).toContain(
      '"qr_token"',
    );
  });
});
