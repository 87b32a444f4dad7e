import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailRepo, type MailRow } from '../../src/server/store/mail-repo.js';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { buy, saleEvent, type Sale } from '../support/sales-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
beforeEach(async () => {
  // No SMTP: mail waits in the outbox, where these tests read it.
  t = await makeTestApp();
  sale = await saleEvent(t);
});
afterEach(async () => {
  await t.close();
});

const outbox = (): MailRow[] =>
  t.app.ctx.db.prepare('SELECT * FROM mail_outbox ORDER BY seq').all() as MailRow[];
const resend = (orderId: string, body?: unknown, auth?: string, headers?: Record<string, string>) =>
  t.call('POST', `/v2/orders/${orderId}/resend`, body, auth, headers);

describe('order confirmation at checkout', () => {
  it('queues one small row naming the order for a buyer with an email, and nothing rendered', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    const rows = outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'order_confirmation',
      ref: order.id,
      to_email: 'ada@example.com',
      subject: 'Your tickets for Night show',
      status: 'pending',
      text_body: '',
      html_body: null,
      attachments: '[]',
    });
  });

  it('queues nothing for a walk-in sale without an email, nor for a refused checkout', async () => {
    await buy(t, sale, { buyer: { name: 'Walk-in' }, payment_method: 'cash' });
    await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    const refused = await t.call('POST', '/v2/orders', {
      event_id: sale.eventId,
      items: [{ tier_id: sale.tierId, quantity: 1000 }],
      buyer: { name: 'Ada', email: 'ada@example.com' },
      payment_method: 'card',
    });
    expect(refused.statusCode).toBe(400);
    expect(outbox()).toEqual([]);
  });
});

describe('POST /v2/orders/{id}/resend', () => {
  it('queues the confirmation again, to the buyer or to a one-off address, and answers the mail', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const again = await resend(order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      id: expect.stringMatching(/^mail_/),
      to: 'ada@example.com',
      subject: 'Your tickets for Night show',
      kind: 'order_confirmation',
      ref: order.id,
      status: 'pending',
      attempts: 0,
    });
    const other = await resend(order.id, { email: 'partner@example.com' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ to: 'partner@example.com', ref: order.id });
    expect(outbox().map((row) => row.to_email)).toEqual([
      'ada@example.com',
      'ada@example.com',
      'partner@example.com',
    ]);
    // The order keeps its buyer.
    const read = await t.call('GET', `/v2/orders/${order.id}`);
    expect(read.json().buyer).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('needs an address for an order sold without one', async () => {
    const order = await buy(t, sale, { buyer: { name: 'Walk-in' }, payment_method: 'cash' });
    const refused = expectMissing(await resend(order.id, {}), 'email');
    expect(refused.message).toMatch(/no buyer email/);
    expect(outbox()).toEqual([]);
    expect((await resend(order.id, { email: 'walkin@example.com' })).statusCode).toBe(200);
    expect(outbox().map((row) => row.to_email)).toEqual(['walkin@example.com']);
  });

  it('refuses an order whose tickets are all gone (409), an unknown order (404) and bad input (400)', async () => {
    const order = await buy(t, sale);
    expect((await t.call('POST', `/v2/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    const before = outbox().length;
    expectError(await resend(order.id), 409, 'conflict_error', 'order_has_no_active_tickets');
    expectError(await resend('ord_nope'), 404, 'not_found_error', 'resource_missing', 'id');
    const live = await buy(t, sale);
    expectInvalid(await resend(live.id, { email: 'not an address' }), 'email');
    expectInvalid(await resend(live.id, { email: 'a@example.com', cc: 'b@example.com' }), 'cc');
    expect(outbox()).toHaveLength(before + 1);
  });

  it('is open to box_office keys, not to scanners', async () => {
    const order = await buy(t, sale);
    expect((await resend(order.id, {}, await createKey(t, 'box_office'))).statusCode).toBe(200);
    expectError(
      await resend(order.id, {}, await createKey(t, 'scanner')),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });

  it('replays with the same Idempotency-Key instead of mailing twice', async () => {
    const order = await buy(t, sale);
    const headers = { 'idempotency-key': 'resend-1' };
    const first = await resend(order.id, { email: 'b@example.com' }, undefined, headers);
    const second = await resend(order.id, { email: 'b@example.com' }, undefined, headers);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(outbox().filter((row) => row.to_email === 'b@example.com')).toHaveLength(1);
    expectError(
      await resend(order.id, { email: 'c@example.com' }, undefined, headers),
      409,
      'conflict_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    );
  });
});

describe('GET /v2/orders/{id}/mail', () => {
  const mailOf = (orderId: string, auth?: string) =>
    t.call('GET', `/v2/orders/${orderId}/mail`, undefined, auth);

  it("lists the order's confirmations, oldest first, each with its delivery state", async () => {
    const order = await buy(t, sale);
    const other = await buy(t, sale, { buyer: { name: 'Grace', email: 'grace@example.com' } });
    const again = (await resend(order.id, { email: 'partner@example.com' })).json() as { id: string };
    const first = outbox().find((row) => row.ref === order.id && row.to_email === 'ada@example.com')!;
    const repo = new MailRepo(t.app.ctx.db);
    expect(repo.markSent(first.id, t.clock.ms)).toBe(true);
    expect(repo.markFailed(again.id, 'SMTP 550: no such mailbox', t.clock.ms)).toBe(true);

    const listed = await mailOf(order.id);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(
      (listed.json().data as { to: string; status: string; ref: string; last_error: string | null }[]).map(
        (m) => [m.to, m.status, m.ref, m.last_error],
      ),
    ).toEqual([
      ['ada@example.com', 'sent', order.id, null],
      ['partner@example.com', 'failed', order.id, 'SMTP 550: no such mailbox'],
    ]);
    // Another order's mail is its own.
    expect((await mailOf(other.id)).json().data).toHaveLength(1);
  });

  it('is empty for an order sold without an email, 404 for an unknown order', async () => {
    const walkIn = await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    expect((await mailOf(walkIn.id)).json().data).toEqual([]);
    expectError(await mailOf('ord_doesnotexist0000000'), 404, 'not_found_error', 'resource_missing', 'id');
  });

  it('is open to box_office keys, not to kiosks or scanners', async () => {
    const order = await buy(t, sale);
    expect((await mailOf(order.id, await createKey(t, 'box_office'))).statusCode).toBe(200);
    for (const scope of ['kiosk', 'scanner'] as const) {
      expectError(
        await mailOf(order.id, await createKey(t, scope)),
        403,
        'permission_error',
        'insufficient_scope',
      );
    }
  });
});

describe('a transfer recipient whose mail went astray', () => {
  const resendTicket = (ticketId: string, body?: unknown, auth?: string) =>
    t.call('POST', `/v2/tickets/${ticketId}/resend`, body, auth);

  async function transferred(): Promise<{ orderId: string; ticketId: string; attendeeId: string }> {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const moved = await t.call('POST', `/v2/tickets/${order.tickets[1]!.id}/transfer`, {
      to_email: 'frank@exmaple.org',
      name: 'Frank Friend',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ticket = moved.json() as { id: string; attendee_id: string };
    return { orderId: order.id, ticketId: ticket.id, attendeeId: ticket.attendee_id };
  }

  it("mails the recipient's own ticket again, to their corrected address, and the order lists it", async () => {
    const { orderId, ticketId, attendeeId } = await transferred();
    await t.call('PATCH', `/v2/attendees/${attendeeId}`, { email: 'frank@example.org' });
    const again = await resendTicket(ticketId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      kind: 'ticket_transfer',
      ref: ticketId,
      to: 'frank@example.org',
      status: 'pending',
      subject: 'Ada Lovelace sent you a ticket for Night show',
    });
    const listed = (await t.call('GET', `/v2/orders/${orderId}/mail`)).json() as {
      data: { kind: string; to: string }[];
    };
    expect(listed.data.map((m) => [m.kind, m.to])).toEqual([
      ['order_confirmation', 'ada@example.com'],
      ['ticket_transfer', 'frank@exmaple.org'],
      ['ticket_transfer', 'frank@example.org'],
    ]);
    const history = (await t.call('GET', `/v2/audit_events?object_id=${orderId}`)).json() as {
      data: { action: string; object_id: string }[];
    };
    expect(history.data.map((a) => a.action)).toContain('ticket.mail_resent');

    // A retry of the first transfer mail is in the order's history too.
    const first = outbox().find((row) => row.to_email === 'frank@exmaple.org')!;
    new MailRepo(t.app.ctx.db).markFailed(first.id, 'SMTP 550: no such domain', t.clock.ms);
    expect((await t.call('POST', `/v2/mail/${first.id}/retry`)).statusCode).toBe(200);
    const retried = (await t.call('GET', `/v2/audit_events?object_id=${orderId}`)).json() as {
      data: { action: string }[];
    };
    expect(retried.data.map((a) => a.action)).toContain('mail.retried');
  });

  it("refuses the buyer's own ticket, an inactive one, a cancelled event's, and says why", async () => {
    const { orderId, ticketId } = await transferred();
    const order = (await t.call('GET', `/v2/orders/${orderId}`)).json() as { tickets: { id: string }[] };
    expectError(await resendTicket(order.tickets[0]!.id), 409, 'conflict_error', 'ticket_not_transferred');
    // The buyer's ticket handed on is its new holder's now: not active, not "the buyer's own",
    // which would send staff to the order's resend, which leaves it out.
    const handedOn = order.tickets.find(
      (ticket) => ticket.id !== order.tickets[0]!.id && ticket.id !== ticketId,
    )!;
    expectError(await resendTicket(handedOn.id), 409, 'conflict_error', 'ticket_not_active');
    expectError(await resendTicket('tik_nope'), 404, 'not_found_error', 'resource_missing', 'id');
    expectInvalid(await resendTicket(ticketId, { email: 'nope' }), 'email');
    // The buyer's own ticket refunded: the order's resend says the rest went to someone else.
    await t.call('POST', `/v2/tickets/${order.tickets[0]!.id}/void`, { refund: false });
    const refused = expectError(await resend(orderId), 409, 'conflict_error', 'order_has_no_active_tickets');
    expect(refused.message).toContain('transferred to someone else');

    const other = await buy(t, sale);
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    expectError(await resendTicket(ticketId), 409, 'conflict_error', 'event_cancelled');
    expectError(
      await t.call('POST', `/v2/tickets/${ticketId}/transfer`, { to_email: 'x@example.org' }),
      409,
      'conflict_error',
      'event_cancelled',
    );
    expectError(await resend(other.id), 409, 'conflict_error', 'event_cancelled');
  });
});
