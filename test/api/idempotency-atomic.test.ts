import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/store/db.js';
import { createEvent, createKey, eventBody, subscribeToAllKinds } from '../support/foundation-fixtures.js';
import {
  buy,
  count,
  orderBody,
  saleEvent,
  type OrderJson,
  type TicketJson,
} from '../support/sales-fixtures.js';
import { freshToken, pairDevice } from '../support/scan-fixtures.js';
import { adminSecret, makeTestApp, restartTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  // A mail server named (never reached: no workers), so POST /v2/mail/test queues its mail.
  t = await makeTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
});
afterEach(async () => {
  await t.close();
});

interface Request {
  url: string;
  body?: unknown;
  /** The API key to send; null sends none (device pairing). Admin by default. */
  auth?: string | null;
  headers?: Record<string, string>;
}

const send = (request: Request, key: string) =>
  t.call('POST', request.url, request.body, request.auth === undefined ? adminSecret : request.auth, {
    'idempotency-key': key,
    ...request.headers,
  });

/**
 * Every row of every table, as text: what an action that rolled back must leave exactly as it was.
 * Not compared: the answers kept for Idempotency-Keys (what the test is about), the REST-call
 * meter, and bookkeeping written outside any action by design: a device's last-seen time (flushed
 * from memory on a timer) and how long a signing key must stay published (noted when a pass is
 * signed, before the checkout's transaction, whether or not the order then commits).
 */
function storeContents(db: Db): string {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('idempotency_keys', 'usage_counters') ORDER BY name",
    )
    .all() as { name: string }[];
  return tables
    .map(({ name }) => {
      const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[];
      if (name === 'devices') for (const row of rows) delete row.last_seen_at;
      if (name === 'signing_keys') for (const row of rows) delete row.long_lived_exp;
      return `${name}: ${JSON.stringify(rows)}`;
    })
    .join('\n');
}

/** Makes every write of an Idempotency-Key fail, as a full disk or an I/O error would. */
function failKeyWrites(db: Db): () => void {
  db.exec(`
    CREATE TEMP TRIGGER fail_key_insert BEFORE INSERT ON idempotency_keys
      BEGIN SELECT RAISE(ABORT, 'injected: the key could not be written'); END;
    CREATE TEMP TRIGGER fail_key_update BEFORE UPDATE ON idempotency_keys
      BEGIN SELECT RAISE(ABORT, 'injected: the key could not be written'); END;`);
  return () => db.exec('DROP TRIGGER fail_key_insert; DROP TRIGGER fail_key_update;');
}

async function boughtTicket(): Promise<{ order: OrderJson; ticket: TicketJson }> {
  const order = await buy(t, await saleEvent(t));
  return { order, ticket: order.tickets[0]! };
}

/** A transfer's mail, waiting (no SMTP server); a minute later, so a retry makes it due now. */
async function pendingMailId(): Promise<string> {
  const { ticket } = await boughtTicket();
  const moved = await t.call('POST', `/v2/tickets/${ticket.id}/transfer`, { to_email: 'friend@example.com' });
  expect(moved.statusCode, moved.body).toBe(200);
  const mail = (await t.call('GET', '/v2/mail')).json() as { data: { id: string }[] };
  t.clock.advance(60);
  return mail.data[0]!.id;
}

/** A delivery of an endpoint nobody answers, a minute old, so a retry makes it due now. */
async function delivery(): Promise<{ endpointId: string; deliveryId: string }> {
  const endpointId = await subscribeToAllKinds(t);
  await createEvent(t);
  const list = await t.call('GET', `/v2/webhook_endpoints/${endpointId}/deliveries`);
  t.clock.advance(60);
  return { endpointId, deliveryId: (list.json() as { data: { id: string }[] }).data[0]!.id };
}

/** A staff member signed in at the admin key's desk: the header their requests carry. */
async function signedIn(): Promise<Record<string, string>> {
  await t.call('POST', '/v2/staff', { name: 'Ann', role: 'manager', pin: '1234' });
  const res = await t.call('POST', '/v2/staff/sign_in', { pin: '1234' });
  return { 'marquee-staff': (res.json() as { session_token: string }).session_token };
}

/** Every POST that changes the store, each set up so that its first attempt succeeds. */
const actions: Record<string, () => Promise<Request>> = {
  'POST /v2/orders': async () => ({ url: '/v2/orders', body: orderBody(await saleEvent(t)) }),
  'POST /v2/orders/{id}/refund': async () => {
    const { order } = await boughtTicket();
    return { url: `/v2/orders/${order.id}/refund`, body: { amount_cents: 500 } };
  },
  'POST /v2/orders/{id}/resend': async () => {
    const { order } = await boughtTicket();
    return { url: `/v2/orders/${order.id}/resend`, body: { email: 'partner@example.com' } };
  },
  'POST /v2/tickets/{id}/void': async () => {
    const { ticket } = await boughtTicket();
    return { url: `/v2/tickets/${ticket.id}/void`, body: {} };
  },
  'POST /v2/tickets/{id}/transfer': async () => {
    const { ticket } = await boughtTicket();
    return { url: `/v2/tickets/${ticket.id}/transfer`, body: { to_email: 'friend@example.com' } };
  },
  'POST /v2/tickets/{id}/resend': async () => {
    const { ticket } = await boughtTicket();
    const moved = await t.call('POST', `/v2/tickets/${ticket.id}/transfer`, {
      to_email: 'friend@example.com',
    });
    return { url: `/v2/tickets/${(moved.json() as { id: string }).id}/resend`, body: {} };
  },
  'POST /v2/tickets/{id}/reprint': async () => {
    const { ticket } = await boughtTicket();
    return { url: `/v2/tickets/${ticket.id}/reprint` };
  },
  'POST /v2/payouts': async () => {
    const { order } = await boughtTicket();
    return { url: '/v2/payouts', body: { event_id: order.event_id } };
  },
  'POST /v2/payouts/{id}/mark_paid': async () => {
    const { order } = await boughtTicket();
    const payout = await t.call('POST', '/v2/payouts', { event_id: order.event_id });
    return { url: `/v2/payouts/${(payout.json() as { id: string }).id}/mark_paid` };
  },
  'POST /v2/payouts/{id}/cancel': async () => {
    const { order } = await boughtTicket();
    const payout = await t.call('POST', '/v2/payouts', { event_id: order.event_id });
    return { url: `/v2/payouts/${(payout.json() as { id: string }).id}/cancel` };
  },
  'POST /v2/events': async () => ({ url: '/v2/events', body: eventBody }),
  'POST /v2/events/{id}/publish': async () => ({ url: `/v2/events/${(await createEvent(t)).id}/publish` }),
  'POST /v2/events/{id}/cancel': async () => ({ url: `/v2/events/${(await createEvent(t)).id}/cancel` }),
  'POST /v2/events/{id}/refund_all': async () => {
    const { order } = await boughtTicket();
    await t.call('POST', `/v2/events/${order.event_id}/cancel`);
    return { url: `/v2/events/${order.event_id}/refund_all`, body: { note: 'Storm' } };
  },
  'POST /v2/events/{event_id}/tiers': async () => ({
    url: `/v2/events/${(await createEvent(t)).id}/tiers`,
    body: { name: 'Balcony', price_cents: 1500, quantity: 40 },
  }),
  'POST /v2/api_keys': async () => ({ url: '/v2/api_keys', body: { name: 'Till 2', scope: 'box_office' } }),
  'POST /v2/devices/pairing': async () => ({ url: '/v2/devices/pairing', body: { scope: 'scanner' } }),
  'POST /v2/devices/pair': async () => {
    const started = await t.call('POST', '/v2/devices/pairing', {});
    const token = (started.json() as { pairing_token: string }).pairing_token;
    return { url: '/v2/devices/pair', body: { pairing_token: token, name: 'Door 7' }, auth: null };
  },
  'POST /v2/scan/validate': async () => {
    const scanner = await createKey(t, 'scanner');
    const { ticket } = await boughtTicket();
    return { url: '/v2/scan/validate', body: { token: freshToken(t, ticket) }, auth: scanner };
  },
  'POST /v2/scan/sync': async () => {
    const { ticket } = await boughtTicket();
    const { device, secret } = await pairDevice(t);
    const scans = [
      { token: freshToken(t, ticket), scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' },
    ];
    return { url: '/v2/scan/sync', body: { device_id: device.id, scans }, auth: secret };
  },
  'POST /v2/scan/keys/rotate': async () => ({ url: '/v2/scan/keys/rotate' }),
  'POST /v2/tickets/{id}/check_in': async () => {
    const { ticket } = await boughtTicket();
    return { url: `/v2/tickets/${ticket.id}/check_in`, body: { reason: 'No phone' } };
  },
  'POST /v2/orders/{id}/check_in': async () => {
    const { order } = await boughtTicket();
    return { url: `/v2/orders/${order.id}/check_in`, body: {} };
  },
  'POST /v2/mail/{id}/retry': async () => ({ url: `/v2/mail/${await pendingMailId()}/retry` }),
  'POST /v2/mail/test': async () => ({ url: '/v2/mail/test', body: { to: 'manager@example.com' } }),
  'POST /v2/webhook_endpoints': async () => ({
    url: '/v2/webhook_endpoints',
    body: { url: 'http://127.0.0.1:9/other', events: ['order.created'] },
  }),
  'POST /v2/webhook_endpoints/{id}/rotate_secret': async () => ({
    url: `/v2/webhook_endpoints/${await subscribeToAllKinds(t)}/rotate_secret`,
  }),
  'POST /v2/webhook_deliveries/{id}/retry': async () => ({
    url: `/v2/webhook_deliveries/${(await delivery()).deliveryId}/retry`,
  }),
  'POST /v2/staff': async () => ({ url: '/v2/staff', body: { name: 'Bob', role: 'seller', pin: '5678' } }),
  'POST /v2/staff/sign_in': async () => {
    await t.call('POST', '/v2/staff', { name: 'Bob', role: 'seller', pin: '5678' });
    return { url: '/v2/staff/sign_in', body: { pin: '5678' } };
  },
  'POST /v2/staff/sign_out': async () => ({ url: '/v2/staff/sign_out', headers: await signedIn() }),
  'POST /v2/shifts': async () => ({
    url: '/v2/shifts',
    body: { opening_float_cents: 10_000, currency: 'usd' },
    headers: await signedIn(),
  }),
  'POST /v2/shifts/{id}/close': async () => {
    const headers = await signedIn();
    const shift = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 10_000, currency: 'usd' },
      adminSecret,
      headers,
    );
    const id = (shift.json() as { id: string }).id;
    return { url: `/v2/shifts/${id}/close`, body: { counted_cash_cents: 9_500 }, headers };
  },
  'POST /v2/webhook_endpoints/{id}/retry_failed': async () => {
    const { endpointId, deliveryId } = await delivery();
    // Eight failed attempts take a day and a half; the store is told the outcome directly.
    t.app.ctx.db.prepare("UPDATE webhook_deliveries SET status = 'failed' WHERE id = ?").run(deliveryId);
    return { url: `/v2/webhook_endpoints/${endpointId}/retry_failed` };
  },
};

/**
 * POSTs that keep nothing in the store (a stream token and the attendant PIN's guess count live
 * in memory, a backup is files beside the store): their answer is stored after it is sent
 * (test/http/backup-route.test.ts shows a retried backup saved once).
 */
const keepNothing = ['POST /v2/scans/stream_token', 'POST /v2/kiosk/attendant_check', 'POST /v2/backups'];

describe('an action and its Idempotency-Key are written in one transaction', () => {
  it('covers every POST the server serves', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json')).json() as { paths: Record<string, object> };
    const posts = Object.entries(doc.paths)
      .filter(([, operations]) => 'post' in operations)
      .map(([path]) => `POST ${path}`);
    expect(posts.filter((route) => !(route in actions) && !keepNothing.includes(route))).toEqual([]);
  });

  it.each(Object.keys(actions))(
    '%s: when the key cannot be written nothing happens, and a retry with the key runs once',
    async (name) => {
      const request = await actions[name]!();
      const { db, keys, signingKeys } = t.app.ctx;
      const before = storeContents(db);
      const keysBefore = keys.count();
      const kidBefore = signingKeys.activeKid;

      const restore = failKeyWrites(db);
      const failed = await send(request, 'k-atomic');
      restore();
      expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(500);
      // Not a row anywhere, and nothing in memory that the store does not have.
      expect(storeContents(db)).toBe(before);
      expect(keys.count()).toBe(keysBefore);
      expect(signingKeys.activeKid).toBe(kidBefore);

      const retried = await send(request, 'k-atomic');
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      const changed = storeContents(db);
      expect(changed).not.toBe(before);

      const replayed = await send(request, 'k-atomic');
      expect(replayed.statusCode).toBe(200);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.body).toBe(retried.body);
      expect(storeContents(db)).toBe(changed);
    },
  );

  it('keeps for replay exactly the body the first answer sent', async () => {
    const sale = await saleEvent(t);
    const first = await send({ url: '/v2/orders', body: orderBody(sale) }, 'k-bytes');
    const row = t.app.ctx.db
      .prepare('SELECT status_code, response FROM idempotency_keys WHERE key = ?')
      .get('k-bytes') as { status_code: number; response: string };
    expect(row).toEqual({ status_code: 200, response: first.body });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('a checkout whose key could not be written leaves no order, no stock taken, no webhook', async () => {
    await subscribeToAllKinds(t);
    const sale = await saleEvent(t);
    const messages = count(t, 'SELECT COUNT(*) AS n FROM webhook_messages');
    const restore = failKeyWrites(t.app.ctx.db);
    const failed = await send({ url: '/v2/orders', body: orderBody(sale) }, 'k-full-disk');
    restore();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(count(t, 'SELECT COUNT(*) AS n FROM orders')).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM tickets')).toBe(0);
    expect(count(t, 'SELECT sold AS n FROM tiers WHERE id = ?', sale.tierId)).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM webhook_messages')).toBe(messages);
  });

  it('checkouts batched with a failing one commit; only the one whose key failed rolls back', async () => {
    const sale = await saleEvent(t);
    // Only this key's write fails: its neighbours in the same group commit go through.
    t.app.ctx.db.exec(`CREATE TEMP TRIGGER fail_one BEFORE INSERT ON idempotency_keys
      WHEN NEW.key = 'k-2' BEGIN SELECT RAISE(ABORT, 'injected'); END;`);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        send(
          {
            url: '/v2/orders',
            body: orderBody(sale, { buyer: { name: `Buyer ${n}`, email: `b${n}@example.com` } }),
          },
          `k-${n}`,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode >= 500)).toEqual([false, true, false]);
    const buyers = t.app.ctx.db.prepare('SELECT buyer_name FROM orders ORDER BY seq').all() as {
      buyer_name: string;
    }[];
    expect(buyers.map((b) => b.buyer_name)).toEqual(['Buyer 1', 'Buyer 3']);
  });
});

describe('a retry of a committed refund or void replays the first answer', () => {
  it('replays a full refund after a restart instead of answering 409 order_already_refunded', async () => {
    const { order } = await boughtTicket();
    const first = await send({ url: `/v2/orders/${order.id}/refund`, body: {} }, 'k-refund');
    expect(first.statusCode, first.body).toBe(200);

    t = await restartTestApp(t);
    const again = await send({ url: `/v2/orders/${order.id}/refund`, body: {} }, 'k-refund');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(count(t, 'SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', order.id)).toBe(1);
    // The same refund under a new key is a new request, and there is nothing left to refund.
    const fresh = await send({ url: `/v2/orders/${order.id}/refund`, body: {} }, 'k-refund-2');
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json()).toMatchObject({ error: { code: 'order_already_refunded' } });
  });

  it('a refund or void whose first answer failed is made by the retry: 200, never 409', async () => {
    const { order } = await boughtTicket();
    const { ticket } = await boughtTicket();
    const restore = failKeyWrites(t.app.ctx.db);
    const lostRefund = await send({ url: `/v2/orders/${order.id}/refund`, body: {} }, 'k-lost-refund');
    const lostVoid = await send({ url: `/v2/tickets/${ticket.id}/void`, body: {} }, 'k-lost-void');
    restore();
    expect([lostRefund, lostVoid].map((res) => res.statusCode >= 500)).toEqual([true, true]);

    const refund = await send({ url: `/v2/orders/${order.id}/refund`, body: {} }, 'k-lost-refund');
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'refunded', refunded_cents: 2500 });
    const voided = await send({ url: `/v2/tickets/${ticket.id}/void`, body: {} }, 'k-lost-void');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'voided' });
    expect(count(t, 'SELECT COUNT(*) AS n FROM refunds')).toBe(2);
  });

  it('replays a partial refund once, never refunding the amount twice', async () => {
    const { order } = await boughtTicket();
    const request = { url: `/v2/orders/${order.id}/refund`, body: { amount_cents: 700 } };
    const first = await send(request, 'k-partial');
    t = await restartTestApp(t);
    const again = await send(request, 'k-partial');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const stored = (await t.call('GET', `/v2/orders/${order.id}`)).json() as OrderJson;
    expect(stored.refunded_cents).toBe(700);
    expect(stored.refunds).toHaveLength(1);
  });

  it('replays a void after a restart instead of answering 409 ticket_not_active', async () => {
    const { order, ticket } = await boughtTicket();
    const first = await send({ url: `/v2/tickets/${ticket.id}/void`, body: {} }, 'k-void');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: ticket.id, status: 'voided' });

    t = await restartTestApp(t);
    const again = await send({ url: `/v2/tickets/${ticket.id}/void`, body: {} }, 'k-void');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(count(t, 'SELECT COUNT(*) AS n FROM refunds WHERE order_id = ?', order.id)).toBe(1);
    const fresh = await send({ url: `/v2/tickets/${ticket.id}/void`, body: {} }, 'k-void-2');
    expect(fresh.json()).toMatchObject({ error: { code: 'ticket_not_active' } });
  });

  it('replays a scan validation sent with a key without recording a second attempt', async () => {
    const scanner = await createKey(t, 'scanner');
    const { ticket } = await boughtTicket();
    const request = { url: '/v2/scan/validate', body: { token: freshToken(t, ticket) }, auth: scanner };
    const first = await send(request, 'k-scan');
    expect(first.json()).toMatchObject({ result: 'admitted' });
    const again = await send(request, 'k-scan');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(count(t, 'SELECT COUNT(*) AS n FROM scans')).toBe(1);
  });
});
