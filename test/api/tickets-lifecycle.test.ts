import { TicketAnswers } from '../../src/server/domain/ticket-answers.js';
import type { MailRow } from '../../src/server/store/mail-repo.js';
import { responseJson } from '../../src/server/schemas/response-json.js';
import { Ticket } from '../../src/server/schemas/tickets.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import {
  buy,
  count,
  emitted,
  makeSaleTestApp,
  tierSold,
  type AttendeeJson,
  type OrderJson,
  type Sale,
  type TicketJson,
  comp,
} from '../support/sales-fixtures.js';
import { scan } from '../support/scan-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

const getTicket = async (id: string) => {
  const res = await t.call('GET', `/v2/tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketJson;
};
const getOrder = async (id: string) => (await t.call('GET', `/v2/orders/${id}`)).json() as OrderJson;
const transfer = (id: string, body: Record<string, unknown>) =>
  t.call('POST', `/v2/tickets/${id}/transfer`, body);
const voidTicket = (id: string, body?: Record<string, unknown>) =>
  t.call('POST', `/v2/tickets/${id}/void`, body);

const transferMails = (): MailRow[] =>
  t.app.ctx.db
    .prepare("SELECT * FROM mail_outbox WHERE kind = 'ticket_transfer' ORDER BY seq")
    .all() as MailRow[];

describe('GET /v2/tickets/{id}', () => {
  it('answers the ticket with its wallet_url and a token for it', async () => {
    const order = await buy(t, sale);
    const ticket = await getTicket(order.tickets[0]!.id);
    expect(ticket).toEqual(order.tickets[0]);
    const check = t.app.ctx.tokens.verify(ticket.qr_token);
    expect(check.ok && check.claims).toMatchObject({ sub: ticket.id, evt: sale.eventId, tier: sale.tierId });
    expectError(
      await t.call('GET', '/v2/tickets/tik_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    const scanner = await createKey(t, 'scanner');
    expectError(
      await t.call('GET', `/v2/tickets/${ticket.id}`, undefined, scanner),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });

  it('keeps the token for its first minute, then hands out a fresh one (under 4 min left)', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.id;
    const first = (await getTicket(id)).qr_token;
    t.clock.advance(59);
    expect((await getTicket(id)).qr_token).toBe(first);
    t.clock.advance(2); // 61 s after issue: 239 s left, under the 240 s threshold
    const second = (await getTicket(id)).qr_token;
    expect(second).not.toBe(first);
    const claims = JSON.parse(Buffer.from(second.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.iat).toBe(Date.parse('2026-11-22T12:01:01Z') / 1000);
    expect(claims.exp - claims.iat).toBe(300);
  });
});

describe('GET /v2/tickets/{id} answers from memory, never stale', () => {
  it('shows a scan, a change by any SQL statement, and a new public URL in the next answer', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.id;
    const first = await getTicket(id);
    expect(await getTicket(id)).toEqual(first);

    await scan(t, { token: first.qr_token, event_id: sale.eventId });
    expect((await getTicket(id)).scan_count).toBe(1);

    // Not through any repository: the triggers see every statement.
    t.app.ctx.db.prepare('UPDATE tickets SET scan_count = 7 WHERE id = ?').run(id);
    expect((await getTicket(id)).scan_count).toBe(7);

    t.app.ctx.urls.setBase('https://box.example.org');
    expect((await getTicket(id)).wallet_url).toMatch(/^https:\/\/box\.example\.org\/w\//);
    expect((await voidTicket(id, { refund: false })).statusCode).toBe(200);
    expect((await getTicket(id)).status).toBe('voided');
  });

  it('never answers a change that was rolled back, even one read before the rollback', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.id;
    const before = await getTicket(id);
    const { db, tickets } = t.app.ctx;
    const rolledBack = db.transaction(() => {
      db.prepare("UPDATE tickets SET status = 'voided' WHERE id = ?").run(id);
      // Read inside the transaction: it sees its own change, which must not be kept.
      expect((JSON.parse(tickets.getJson(id)) as TicketJson).status).toBe('voided');
      throw new Error('refused');
    });
    expect(() => rolledBack()).toThrow('refused');
    expect(await getTicket(id)).toEqual(before);
  });

  it('after a key rotation answers a token signed with the new key', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.id;
    const before = await getTicket(id);
    expect((await t.call('POST', '/v2/scan/keys/rotate', {})).statusCode).toBe(200);
    const after = await getTicket(id);
    const kid = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
    expect(kid(after.qr_token)).not.toBe(kid(before.qr_token));
    expect(after.qr_token).not.toBe(before.qr_token);
  });

  it('keeps a bounded number of answers, dropping the oldest first', async () => {
    const { db, repos, salesViews, issuer, urls } = t.app.ctx;
    const answers = new TicketAnswers(
      { db, tickets: repos.tickets, views: salesViews, issuer, urls, ticketJson: responseJson(Ticket) },
      2,
    );
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    const [a, b, c] = order.tickets.map((ticket) => ticket.id);
    for (const ticketId of [a!, b!, c!]) expect(answers.json(ticketId)).toContain(ticketId);
    expect(answers.size).toBe(2);
    expect(answers.json('tik_missing')).toBeUndefined();
    expect(answers.size).toBe(2);
    // What it answers after eviction is still the ticket, read again.
    expect(JSON.parse(answers.json(a!)!)).toEqual(await getTicket(a!));
  });
});

describe('POST /v2/tickets/{id}/transfer', () => {
  it('answers the recipient’s new ticket, retires the original and mails the new ticket', async () => {
    const order = await buy(t, sale);
    const original = order.tickets[0]!;
    const res = await transfer(original.id, {
      to_email: 'friend@example.com',
      name: 'Friend',
      message: 'Enjoy <3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json() as TicketJson;
    expect(fresh).toMatchObject({
      order_id: order.id,
      event_id: sale.eventId,
      tier_id: sale.tierId,
      status: 'active',
      scan_count: 0,
      transferred_from: original.id,
      transferred_to: null,
    });
    expect(fresh.id).not.toBe(original.id);
    expect(fresh.qr_token).not.toBe(original.qr_token);
    expect(fresh.wallet_url).not.toBe(original.wallet_url);
    expect(fresh.attendee_id).not.toBe(original.attendee_id);

    const old = await getTicket(original.id);
    expect(old).toMatchObject({ status: 'transferred', transferred_to: fresh.id });
    const attendee = (await t.call('GET', `/v2/attendees/${fresh.attendee_id}`)).json() as AttendeeJson;
    expect(attendee).toMatchObject({
      order_id: order.id,
      ticket_id: fresh.id,
      name: 'Friend',
      email: 'friend@example.com',
    });
    expect((await getOrder(order.id)).tickets.map((x) => [x.id, x.status])).toEqual([
      [original.id, 'transferred'],
      [fresh.id, 'active'],
    ]);
    // A transfer is not a sale: the tier's stock is unchanged.
    expect(tierSold(t, sale.tierId)).toBe(1);

    // The outbox row names the new ticket and keeps the message; the sender composes the rest.
    const rows = transferMails();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ to_email: 'friend@example.com', ref: fresh.id, status: 'pending' });
    expect(row.subject).toContain('Night show');
    expect(JSON.parse(row.params!)).toEqual({ message: 'Enjoy <3' });
    const mail = await t.app.ctx.ticketMail.compose(row);
    expect(mail.to).toBe('friend@example.com');
    expect(mail.text).toContain(fresh.wallet_url);
    expect(mail.text).toContain('Enjoy <3');
    expect(mail.html).toContain('Enjoy &lt;3');
    expect(mail.text).not.toMatch(/few minutes/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({
      filename: `ticket-${fresh.id}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const events = emitted<TicketJson>(t, 'ticket.transferred');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: fresh.id, transferred_from: original.id });
  });

  it('the new ticket can be transferred on; the old one cannot (409 ticket_not_active)', async () => {
    const order = await buy(t, sale);
    const first = (await transfer(order.tickets[0]!.id, { to_email: 'b@example.com' })).json() as TicketJson;
    expectError(
      await transfer(order.tickets[0]!.id, { to_email: 'c@example.com' }),
      409,
      'conflict_error',
      'ticket_not_active',
    );
    const second = await transfer(first.id, { to_email: 'c@example.com' });
    expect(second.statusCode).toBe(200);
    expect((second.json() as TicketJson).transferred_from).toBe(first.id);
    const attendee = (
      await t.call('GET', `/v2/attendees/${(second.json() as TicketJson).attendee_id}`)
    ).json() as AttendeeJson;
    expect(attendee.name).toBeNull();
    expect(transferMails().map((mail) => mail.ref)).toEqual([first.id, (second.json() as TicketJson).id]);
  });

  it('refuses a scanned ticket, a voided one, and bad input — without writing anything', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const [a, b] = order.tickets as [TicketJson, TicketJson];
    // The door is another module; the store is how a scan shows here.
    t.app.ctx.db.prepare('UPDATE tickets SET scan_count = 1 WHERE id = ?').run(a.id);
    expectError(
      await transfer(a.id, { to_email: 'x@example.com' }),
      409,
      'conflict_error',
      'ticket_already_scanned',
    );
    expect((await voidTicket(b.id, { refund: false })).statusCode).toBe(200);
    expectError(
      await transfer(b.id, { to_email: 'x@example.com' }),
      409,
      'conflict_error',
      'ticket_not_active',
    );
    expectMissing(await transfer(a.id, {}), 'to_email');
    expectMissing(await transfer(a.id, { message: 'Enjoy the show' }), 'to_email');
    expectInvalid(await transfer(a.id, { to_email: null, message: 'Enjoy the show' }), 'message');
    expectInvalid(await transfer(a.id, { to_email: 'not an email' }), 'to_email');
    expectInvalid(await transfer(a.id, { to_email: 'x@example.com', message: 'x'.repeat(1001) }), 'message');
    expectInvalid(await transfer(a.id, { to_email: 'x@example.com', cc: 'y@example.com' }), 'cc');
    expectError(
      await transfer('tik_nope', { to_email: 'x@example.com' }),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expect(count(t, 'SELECT COUNT(*) AS n FROM tickets')).toBe(2);
    expect(count(t, 'SELECT COUNT(*) AS n FROM attendees')).toBe(2);
    expect(transferMails()).toHaveLength(0);
    expect(emitted(t, 'ticket.transferred')).toHaveLength(0);
  });

  it('with to_email null hands the new ticket over in person: nothing is mailed, its holder has no email', async () => {
    // A walk-in who paid cash and gave no address, replacing a lost slip at the box office.
    const order = await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    const original = order.tickets[0]!;
    expectMissing(await transfer(original.id, { name: 'Walk-in guest' }), 'to_email');
    const res = await transfer(original.id, { to_email: null, name: 'Walk-in guest' });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json() as TicketJson;
    expect(fresh).toMatchObject({ status: 'active', transferred_from: original.id });
    expect(await getTicket(original.id)).toMatchObject({ status: 'transferred', transferred_to: fresh.id });
    const holder = (await t.call('GET', `/v2/attendees/${fresh.attendee_id}`)).json() as AttendeeJson;
    expect(holder).toMatchObject({ name: 'Walk-in guest', email: null });
    expect(transferMails()).toHaveLength(0);
    expect(emitted<TicketJson>(t, 'ticket.transferred').map((x) => x.id)).toEqual([fresh.id]);
  });

  it('forgets the original’s cached token so it is never handed out again', async () => {
    const order = await buy(t, sale);
    const original = order.tickets[0]!;
    await transfer(original.id, { to_email: 'b@example.com' });
    t.clock.advance(1);
    expect((await getTicket(original.id)).qr_token).not.toBe(original.qr_token);
  });
});

describe('POST /v2/tickets/{id}/void', () => {
  it('voids and refunds the ticket’s price on its order by default', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const [a, b] = order.tickets as [TicketJson, TicketJson];
    const res = await voidTicket(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, status: 'voided' });
    const after = await getOrder(order.id);
    expect(after).toMatchObject({ status: 'partially_refunded', refunded_cents: 2500 });
    expect(after.refunds).toMatchObject([{ amount_cents: 2500, ticket_id: a.id, reason: 'ticket_voided' }]);
    expect(after.tickets.find((x) => x.id === b.id)?.status).toBe('active');
    expect(emitted<TicketJson>(t, 'ticket.voided').map((x) => x.id)).toEqual([a.id]);
    expect(emitted<OrderJson>(t, 'order.refunded').map((o) => o.refunded_cents)).toEqual([2500]);
    // Voiding does not release the seat (docs/api.md).
    expect(tierSold(t, sale.tierId)).toBe(2);

    expect((await voidTicket(b.id, {})).statusCode).toBe(200);
    expect(await getOrder(order.id)).toMatchObject({ status: 'refunded', refunded_cents: 5000 });
  });

  it('refund: false voids without money moving', async () => {
    const order = await buy(t, sale);
    const res = await voidTicket(order.tickets[0]!.id, { refund: false });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TicketJson).status).toBe('voided');
    expect(await getOrder(order.id)).toMatchObject({ status: 'paid', refunded_cents: 0, refunds: [] });
    expect(emitted(t, 'order.refunded')).toHaveLength(0);
    expect(emitted(t, 'ticket.voided')).toHaveLength(1);
  });

  it('is irreversible: again, or on a transferred ticket, is 409 ticket_not_active', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const [a, b] = order.tickets as [TicketJson, TicketJson];
    await voidTicket(a.id);
    expectError(await voidTicket(a.id), 409, 'conflict_error', 'ticket_not_active');
    await transfer(b.id, { to_email: 'x@example.com' });
    expectError(await voidTicket(b.id), 409, 'conflict_error', 'ticket_not_active');
    expect((await getOrder(order.id)).refunded_cents).toBe(2500);
    expectInvalid(await voidTicket(a.id, { refund: 'no' }), 'refund');
    expectError(await voidTicket('tik_nope'), 404, 'not_found_error', 'resource_missing', 'id');
  });

  it('refunds a transferred-in ticket at the original price, and nothing once the order is refunded', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const moved = (await transfer(order.tickets[0]!.id, { to_email: 'x@example.com' })).json() as TicketJson;
    expect((await voidTicket(moved.id)).statusCode).toBe(200);
    expect((await getOrder(order.id)).refunded_cents).toBe(2500);
    // Refund the rest by amount: the remaining active ticket is voided with it.
    await t.call('POST', `/v2/orders/${order.id}/refund`, {});
    const final = await getOrder(order.id);
    expect(final).toMatchObject({ status: 'refunded', refunded_cents: 5000 });
    expect(final.tickets.map((x) => x.status)).toEqual(['transferred', 'voided', 'voided']);
  });

  it('a free (comp) ticket voids with no refund row', async () => {
    const free = await buy(t, sale, comp);
    expect((await voidTicket(free.tickets[0]!.id)).statusCode).toBe(200);
    expect(await getOrder(free.id)).toMatchObject({ status: 'paid', refunded_cents: 0, refunds: [] });
  });
});
