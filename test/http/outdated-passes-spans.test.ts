import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

type Outdated = components['schemas']['OutdatedPasses'];

const minute = 60;
const hour = 60 * minute;
const dayMs = 24 * 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function api<T>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await t.call(method, path, body);
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/**
 * What the mail sender writes once it has sent a mail (or given it up): the test runs no sender,
 * so each mail's fate and the time it went are set here, as the sender's own UPDATE would.
 */
function mailsAre(t: TestApp, ref: string, status: 'sent' | 'failed', sentAtMs: number | null) {
  const changed = t.app.ctx.db
    .prepare("UPDATE mail_outbox SET status = ?, sent_at = ? WHERE ref = ? AND status = 'pending'")
    .run(status, status === 'sent' ? sentAtMs : null, ref).changes;
  expect(changed, `a mail waiting for ${ref}`).toBeGreaterThan(0);
}

/** Who is listed, at a glance, in the order the answer gives them. */
const listed = (answer: Outdated) => ({
  orders: answer.orders.map(
    (o) => `${o.order_id} ${o.buyer_name ?? '-'} ×${o.tickets} failed ${o.mails_failed}`,
  ),
  tickets: answer.tickets.map((x) => `${x.ticket_id} ${x.holder_name ?? '-'} failed ${x.mails_failed}`),
});

describe('GET /v2/events/{id}/outdated_passes: what each pass was signed under', () => {
  it('follows the doors back and forth: a pass handed between moves counts under the doors of its span, the newest print only, failed mails none', async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const doors = t.clock.ms + 10 * dayMs;
    const event = await api<{ id: string }>(t, 'POST', '/v2/events', {
      title: 'Twice postponed',
      venue: 'Hall',
      doors_at: new Date(doors).toISOString(),
      timezone: 'UTC',
      tickets: [{ name: 'Stalls', price_cents: 2000 }],
    });
    await api(t, 'POST', `/v2/events/${event.id}/publish`);
    const tiers = await api<{ data: { id: string }[] }>(t, 'GET', `/v2/events/${event.id}/tiers`);
    type Sold = { id: string; tickets: { id: string }[] };
    const sell = (name: string | null, quantity = 1) =>
      api<Sold>(t, 'POST', '/v2/orders', {
        event_id: event.id,
        items: [{ tier_id: tiers.data[0]!.id, quantity }],
        ...(name ? { buyer: { name, email: `${name.toLowerCase()}@example.test` } } : {}),
        payment_method: 'cash',
      });
    const moveDoors = (to: number) =>
      api(t, 'PATCH', `/v2/events/${event.id}`, { doors_at: new Date(to).toISOString() });
    const path = `/v2/events/${event.id}/outdated_passes`;
    const soldAt = t.clock.ms;

    const ann = await sell('Ann', 2);
    const bob = await sell('Bob');
    const walkIn = await sell(null);
    const cy = await sell('Cy', 2);
    t.clock.advance(minute);
    const eve = await api<{ id: string }>(t, 'POST', `/v2/tickets/${cy.tickets[0]!.id}/transfer`, {
      to_email: 'eve@example.test',
      name: 'Eve',
    });
    mailsAre(t, ann.id, 'sent', soldAt + 60_000);
    mailsAre(t, bob.id, 'failed', null);
    mailsAre(t, cy.id, 'sent', soldAt + 60_000);
    mailsAre(t, eve.id, 'failed', null);
    // Cy's other ticket reprinted under the first doors.
    await api(t, 'POST', `/v2/tickets/${cy.tickets[1]!.id}/reprint`);

    // Three days later. A walk-in sold in the very millisecond of the move is handed the new doors.
    t.clock.advance(hour);
    await moveDoors(doors + 3 * dayMs);
    await sell(null);
    expect(listed(await api<Outdated>(t, 'GET', path))).toEqual({
      orders: [
        `${ann.id} Ann ×2 failed 0`,
        `${bob.id} Bob ×1 failed 1`,
        `${walkIn.id} - ×1 failed 0`,
        `${cy.id} Cy ×1 failed 0`,
      ],
      tickets: [`${eve.id} Eve failed 1`],
    });

    // Under the later doors: Ann's first ticket and Cy's reprinted, Bob's order mailed again.
    t.clock.advance(hour);
    await api(t, 'POST', `/v2/tickets/${ann.tickets[0]!.id}/reprint`);
    await api(t, 'POST', `/v2/tickets/${cy.tickets[1]!.id}/reprint`);
    await api(t, 'POST', `/v2/orders/${bob.id}/resend`, {});
    mailsAre(t, bob.id, 'sent', t.clock.ms);

    // Back to the first doors (nothing out of date), then on again three days: what was handed
    // or sent while the first doors stood again is out of date once more, what was handed under
    // the later doors is not (a ticket's newest print is the pass it holds).
    t.clock.advance(hour);
    await moveDoors(doors);
    expect(listed(await api<Outdated>(t, 'GET', path))).toEqual({ orders: [], tickets: [] });
    // Sold in the very millisecond the first doors came back: under them.
    const fay = await sell('Fay');
    mailsAre(t, fay.id, 'sent', t.clock.ms);
    t.clock.advance(minute);
    await api(t, 'POST', `/v2/tickets/${walkIn.tickets[0]!.id}/reprint`);
    t.clock.advance(hour);
    await moveDoors(doors + 3 * dayMs);
    expect(listed(await api<Outdated>(t, 'GET', path))).toEqual({
      orders: [`${ann.id} Ann ×1 failed 0`, `${walkIn.id} - ×1 failed 0`, `${fay.id} Fay ×1 failed 0`],
      tickets: [`${eve.id} Eve failed 1`],
    });

    // Eve's ticket mailed again and waiting to go: it will carry the doors as they are then.
    await api(t, 'POST', `/v2/tickets/${eve.id}/resend`, {});
    expect(listed(await api<Outdated>(t, 'GET', path)).tickets).toEqual([]);

    // Cancelled: nobody is let in, so nobody is listed.
    await api(t, 'POST', `/v2/events/${event.id}/cancel`, { notify_holders: false });
    expect(listed(await api<Outdated>(t, 'GET', path))).toEqual({ orders: [], tickets: [] });
  });
});
