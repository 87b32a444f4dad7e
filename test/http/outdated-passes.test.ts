import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { passExpFor } from '../../src/shared/ticket-pass.js';
import { eventually } from '../support/eventually.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { adminApi, mailingVenue, type AdminApi } from '../support/mailing-test-app.js';
import { makeTestApp } from '../support/test-app.js';

type Outdated = components['schemas']['OutdatedPasses'];

const day = 24 * 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Who is listed, in a form that reads at a glance: orders and tickets by id, with their email. */
const listed = (answer: Outdated) => ({
  orders: answer.orders.map((o) => `${o.order_id} ${o.email ?? 'no email'} ×${o.tickets}`).sort(),
  tickets: answer.tickets.map((t) => `${t.ticket_id} ${t.email ?? 'no email'}`).sort(),
});

describe('GET /v2/events/{id}/outdated_passes', () => {
  it('lists the holders whose printed or mailed pass expires before the moved doors, across a restart, until each is sent again', async () => {
    const smtp = await SmtpCatcher.start();
    cleanups.push(() => smtp.close());
    let { t, url } = await mailingVenue(smtp);
    cleanups.push(() => t.close());
    let api: AdminApi = adminApi(url);

    const doors = Date.now() + 10 * day;
    const event = await api<{ id: string }>('POST', '/v2/events', {
      title: 'Postponed Night',
      venue: 'Hall',
      doors_at: new Date(doors).toISOString(),
      timezone: 'UTC',
      tickets: [
        { name: 'Stalls', price_cents: 2000 },
        { name: 'Balcony', price_cents: 1000, paper_pass: false },
      ],
    });
    await api('POST', `/v2/events/${event.id}/publish`);
    const tiers = await api<{ data: { id: string; name: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
    const tier = (name: string) => tiers.data.find((x) => x.name === name)!.id;
    type Sold = { id: string; tickets: { id: string }[] };
    const sell = (name: string, email: string | null, quantity = 1) =>
      api<Sold>('POST', '/v2/orders', {
        event_id: event.id,
        items: [{ tier_id: tier(name), quantity }],
        ...(email ? { buyer: { name: email.split('@')[0], email } } : {}),
        payment_method: 'cash',
      });
    const ann = await sell('Stalls', 'ann@example.test', 2);
    const bob = await sell('Stalls', 'bob@example.test');
    await sell('Balcony', 'cy@example.test'); // phone only: its wallet page follows the doors
    const walkIn = await sell('Stalls', null);
    const dee = await sell('Stalls', 'dee@example.test', 2);
    // The four confirmations go out under the first doors (before Dee hands her tickets on).
    await smtp.waitFor(4, 20_000);
    const toEve = await api<{ id: string }>('POST', `/v2/tickets/${dee.tickets[0]!.id}/transfer`, {
      to_email: 'eve@example.test',
      name: 'Eve',
    });
    const inPerson = await api<{ id: string }>('POST', `/v2/tickets/${dee.tickets[1]!.id}/transfer`, {
      to_email: null,
      name: 'Friend',
    });
    const path = `/v2/events/${event.id}/outdated_passes`;
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('eve@example.test'));
    await eventually(
      async () =>
        (await api<{ data: unknown[] }>('GET', '/v2/mail?status=pending')).data.length === 0
          ? true
          : undefined,
      10_000,
      "Eve's transfer mail marked sent",
    );

    expect(listed(await api<Outdated>('GET', path))).toEqual({ orders: [], tickets: [] });

    // Three days later: every pass handed or mailed so far expires a day after the old doors.
    await api('PATCH', `/v2/events/${event.id}`, { doors_at: new Date(doors + 3 * day).toISOString() });
    const afterMove = await api<Outdated>('GET', path);
    expect(afterMove).toMatchObject({ object: 'outdated_passes', event_id: event.id });
    const expected = {
      // Dee holds none of her tickets any more: each is its holder's, listed as a ticket.
      orders: [
        `${ann.id} ann@example.test ×2`,
        `${bob.id} bob@example.test ×1`,
        `${walkIn.id} no email ×1`,
      ].sort(),
      tickets: [`${toEve.id} eve@example.test`, `${inPerson.id} no email`].sort(),
    };
    expect(listed(afterMove)).toEqual(expected);

    // Another till, after the venue server restarted, reads the same list.
    await t.app.close();
    ({ t, url } = await mailingVenue(smtp, t));
    api = adminApi(url);
    expect(listed(await api<Outdated>('GET', path))).toEqual(expected);

    // Ann's order and Eve's ticket are mailed again: gone at once (the mail will carry the new
    // doors), and still gone once the mail went out.
    await api('POST', `/v2/orders/${ann.id}/resend`, {});
    await api('POST', `/v2/tickets/${toEve.id}/resend`, {});
    const resentWaiting = listed(await api<Outdated>('GET', path));
    expect(resentWaiting.orders).not.toContain(`${ann.id} ann@example.test ×2`);
    expect(resentWaiting.tickets).toEqual([`${inPerson.id} no email`]);
    await smtp.waitFor(7, 20_000);
    await eventually(
      async () =>
        (await api<{ data: { status: string }[] }>('GET', '/v2/mail?status=pending')).data.length === 0
          ? true
          : undefined,
      10_000,
      'the resent mail marked sent',
    );

    // Bob hands his ticket on after the move: the new holder's pass is signed under the new doors.
    await api('POST', `/v2/tickets/${bob.tickets[0]!.id}/transfer`, {
      to_email: 'fay@example.test',
      name: 'Fay',
    });
    // A second, small move: what was mailed after the first still gets in.
    await api('PATCH', `/v2/events/${event.id}`, {
      doors_at: new Date(doors + 3 * day + 3_600_000).toISOString(),
    });
    expect(listed(await api<Outdated>('GET', path))).toEqual({
      orders: [`${walkIn.id} no email ×1`],
      tickets: [`${inPerson.id} no email`],
    });

    // The walk-in comes to the box office and is handed a reprint: its pass carries the doors now,
    // and the list (on any till, after a restart) no longer names the order.
    const reprinted = await api<{ id: string; paper_pass: string }>(
      'POST',
      `/v2/tickets/${walkIn.tickets[0]!.id}/reprint`,
    );
    expect(reprinted.id).toBe(walkIn.tickets[0]!.id);
    expect(decodeJwt(reprinted.paper_pass).exp).toBe(passExpFor(doors + 3 * day + 3_600_000));
    await t.app.close();
    ({ t, url } = await mailingVenue(smtp, t));
    api = adminApi(url);
    expect(listed(await api<Outdated>('GET', path))).toEqual({
      orders: [],
      tickets: [`${inPerson.id} no email`],
    });
    const trail = await api<{ data: { action: string; object_id: string }[] }>(
      'GET',
      `/v2/audit_events?object_id=${walkIn.id}`,
    );
    expect(trail.data.map((e) => `${e.action} ${e.object_id}`)).toContain(
      `ticket.reprinted ${walkIn.tickets[0]!.id}`,
    );
  }, 60_000);

  it('needs a box office or admin key, and 404s an unknown event', async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const unknown = await t.call('GET', '/v2/events/evt_unknown0000000000/outdated_passes');
    expect(unknown.statusCode).toBe(404);
    const created = await t.call('POST', '/v2/api_keys', { name: 'Door', scope: 'scanner' });
    const scanner = (created.json() as { secret: string }).secret;
    const event = await t.call('POST', '/v2/events', {
      title: 'Show',
      venue: 'Hall',
      doors_at: '2027-01-01T19:00:00Z',
      timezone: 'UTC',
    });
    const res = await t.call(
      'GET',
      `/v2/events/${(event.json() as { id: string }).id}/outdated_passes`,
      undefined,
      scanner,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /v2/tickets/{id}/reprint', () => {
  it('refuses a ticket that admits nobody, and an unknown one, without recording a print', async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const event = (
      await t.call('POST', '/v2/events', {
        title: 'Show',
        venue: 'Hall',
        doors_at: '2027-01-01T19:00:00Z',
        timezone: 'UTC',
        tickets: [{ name: 'Stalls', price_cents: 2000 }],
      })
    ).json() as { id: string };
    await t.call('POST', `/v2/events/${event.id}/publish`);
    const tier = ((await t.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] })
      .data[0]!.id;
    const sold = (
      await t.call('POST', '/v2/orders', {
        event_id: event.id,
        items: [{ tier_id: tier, quantity: 2 }],
        payment_method: 'cash',
      })
    ).json() as { id: string; tickets: { id: string }[] };
    const [kept, voided] = sold.tickets.map((x) => x.id);
    await t.call('POST', `/v2/tickets/${voided}/void`, { refund: false });

    const refusedVoid = await t.call('POST', `/v2/tickets/${voided}/reprint`);
    expect(refusedVoid.statusCode).toBe(409);
    expect(refusedVoid.json()).toMatchObject({ error: { code: 'ticket_not_active' } });
    const unknown = await t.call('POST', '/v2/tickets/tik_unknown0000000000/reprint');
    expect(unknown.statusCode).toBe(404);
    await t.call('POST', `/v2/events/${event.id}/cancel`);
    const refusedCancelled = await t.call('POST', `/v2/tickets/${kept}/reprint`);
    expect(refusedCancelled.statusCode).toBe(409);
    expect(refusedCancelled.json()).toMatchObject({ error: { code: 'event_cancelled' } });
    const trail = (await t.call('GET', `/v2/audit_events?object_id=${sold.id}`)).json() as {
      data: { action: string }[];
    };
    expect(trail.data.map((e) => e.action)).toContain('ticket.voided');
    expect(trail.data.map((e) => e.action)).not.toContain('ticket.reprinted');
  });
});
