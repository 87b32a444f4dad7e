import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { eventually } from '../support/eventually.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { adminApi, mailingVenue, type AdminApi } from '../support/mailing-test-app.js';
import { makeTestApp } from '../support/test-app.js';

type OutdatedVenue = components['schemas']['OutdatedVenue'];
type OutdatedPasses = components['schemas']['OutdatedPasses'];

const day = 24 * 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Sold = { id: string; tickets: { id: string }[] };

/** Orders listed, by id with their email, sorted: reads at a glance. */
const listed = (answer: { orders: readonly { order_id: string; email: string | null }[] }) =>
  answer.orders.map((o) => `${o.order_id} ${o.email ?? 'no email'}`).sort();

/** Until the outbox has nothing waiting: every mail queued so far has been sent (or given up). */
const outboxDrained = (api: AdminApi) =>
  eventually(
    async () =>
      (await api<{ data: unknown[] }>('GET', '/v2/mail?status=pending')).data.length === 0 ? true : undefined,
    10_000,
    'the outbox drained',
  );

/** A published event with one printing tier, and a till selling it to whoever is named. */
async function showOnSale(api: AdminApi, doors: number) {
  const event = await api<{ id: string }>('POST', '/v2/events', {
    title: 'Moved Night',
    venue: 'Corn Exchange',
    doors_at: new Date(doors).toISOString(),
    timezone: 'UTC',
    tickets: [{ name: 'Stalls', price_cents: 2000 }],
  });
  await api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const sell = (email: string | null, quantity = 1) =>
    api<Sold>('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity }],
      ...(email ? { buyer: { name: email.split('@')[0], email } } : {}),
      payment_method: 'cash',
    });
  return { id: event.id, sell };
}

/** A mailing venue (its mail to a catcher on loopback) with `showOnSale` on it, closed after the test. */
async function mailedShowOnSale(doors = Date.now() + 10 * day) {
  const smtp = await SmtpCatcher.start();
  cleanups.push(() => smtp.close());
  const { t, url } = await mailingVenue(smtp);
  cleanups.push(() => t.close());
  const api = adminApi(url);
  return { smtp, api, show: await showOnSale(api, doors) };
}

/** One save moves the show to The Roundhouse and its doors three days later; the two lists' paths. */
async function moveHallAndDoors(api: AdminApi, eventId: string, doors: number) {
  await api('PATCH', `/v2/events/${eventId}`, {
    venue: 'The Roundhouse',
    doors_at: new Date(doors + 3 * day).toISOString(),
  });
  return {
    venuePath: `/v2/events/${eventId}/outdated_venue`,
    passesPath: `/v2/events/${eventId}/outdated_passes`,
  };
}

describe('GET /v2/events/{id}/outdated_venue', () => {
  it('lists the orders sold before a venue change and not mailed since, across a restart, until each is mailed', async () => {
    const smtp = await SmtpCatcher.start();
    cleanups.push(() => smtp.close());
    let { t, url } = await mailingVenue(smtp);
    cleanups.push(() => t.close());
    let api: AdminApi = adminApi(url);
    const show = await showOnSale(api, Date.now() + 10 * day);
    const path = `/v2/events/${show.id}/outdated_venue`;

    const ann = await show.sell('ann@example.test', 2);
    const bob = await show.sell('bob@example.test');
    const refunded = await show.sell('rae@example.test');
    const voided = await show.sell('vic@example.test');
    const walkIn = await show.sell(null);
    await smtp.waitFor(4, 20_000);
    await outboxDrained(api);
    await api('POST', `/v2/orders/${refunded.id}/refund`, {});
    await api('POST', `/v2/tickets/${voided.tickets[0]!.id}/void`, { refund: false });

    // Never moved: nobody to tell, and the answer says so.
    expect(await api<OutdatedVenue>('GET', path)).toEqual({
      object: 'outdated_venue',
      event_id: show.id,
      venue: 'Corn Exchange',
      moved_from: null,
      moved_at: null,
      orders: [],
      tickets: [],
    });

    // A title change alone is no venue change.
    await api('PATCH', `/v2/events/${show.id}`, { title: 'Moved Night (late show)' });
    expect((await api<OutdatedVenue>('GET', path)).orders).toEqual([]);

    const before = Date.now();
    await api('PATCH', `/v2/events/${show.id}`, { venue: 'The Roundhouse' });
    const afterMove = await api<OutdatedVenue>('GET', path);
    expect(afterMove).toMatchObject({ venue: 'The Roundhouse', moved_from: 'Corn Exchange' });
    expect(Date.parse(afterMove.moved_at!)).toBeGreaterThanOrEqual(before);
    // Not the refunded order, nor the one whose only ticket was voided; the walk-in is listed
    // without an email, so the page can name it apart.
    const expected = [
      `${ann.id} ann@example.test`,
      `${bob.id} bob@example.test`,
      `${walkIn.id} no email`,
    ].sort();
    expect(listed(afterMove)).toEqual(expected);
    expect(afterMove.orders.find((o) => o.order_id === ann.id)).toMatchObject({
      tickets: 2,
      mails_failed: 0,
    });

    // Sold after the change: its confirmation names the new venue, so it is never listed.
    const late = await show.sell('lee@example.test');
    const lateWalkIn = await show.sell(null);

    // Another till, after the venue server restarted, reads the same list and the same change.
    await t.app.close();
    ({ t, url } = await mailingVenue(smtp, t));
    api = adminApi(url);
    const afterRestart = await api<OutdatedVenue>('GET', path);
    expect(listed(afterRestart)).toEqual(expected);
    expect(afterRestart.moved_at).toBe(afterMove.moved_at);

    // Ann's confirmation is mailed again: gone while it waits, and once it went out.
    await api('POST', `/v2/orders/${ann.id}/resend`, {});
    expect(listed(await api<OutdatedVenue>('GET', path))).toEqual(
      [`${bob.id} bob@example.test`, `${walkIn.id} no email`].sort(),
    );
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('lee@example.test'));
    await outboxDrained(api);
    expect(listed(await api<OutdatedVenue>('GET', path))).toEqual(
      [`${bob.id} bob@example.test`, `${walkIn.id} no email`].sort(),
    );

    // A second change lists again everyone not mailed since it, Ann too.
    await api('PATCH', `/v2/events/${show.id}`, { venue: 'Town Hall' });
    const second = await api<OutdatedVenue>('GET', path);
    expect(second).toMatchObject({ venue: 'Town Hall', moved_from: 'The Roundhouse' });
    expect(second.moved_at).not.toBe(afterMove.moved_at);
    expect(listed(second)).toEqual(
      [
        `${ann.id} ann@example.test`,
        `${bob.id} bob@example.test`,
        `${walkIn.id} no email`,
        `${late.id} lee@example.test`,
        `${lateWalkIn.id} no email`,
      ].sort(),
    );
  }, 60_000);

  it('takes an order off when the postponement resend mails it after the change, and a venue resend off the postponement list', async () => {
    const doors = Date.now() + 10 * day;
    const { smtp, api, show } = await mailedShowOnSale(doors);
    const ann = await show.sell('ann@example.test');
    const bob = await show.sell('bob@example.test');
    await smtp.waitFor(2, 20_000);
    await outboxDrained(api);

    // One save moves the doors three days later and the show to another hall: both offers list both.
    const { venuePath, passesPath } = await moveHallAndDoors(api, show.id, doors);
    const both = [`${ann.id} ann@example.test`, `${bob.id} bob@example.test`].sort();
    expect(listed(await api<OutdatedVenue>('GET', venuePath))).toEqual(both);
    expect(listed(await api<OutdatedPasses>('GET', passesPath))).toEqual(both);

    // The postponement's resend of Ann (its own key) is her one mail naming the new hall; the
    // venue's resend of Bob carries a pass for the new doors. Each leaves both lists.
    await api('POST', `/v2/orders/${ann.id}/resend`, {});
    await api('POST', `/v2/orders/${bob.id}/resend`, {});
    expect((await api<OutdatedVenue>('GET', venuePath)).orders).toEqual([]);
    expect((await api<OutdatedPasses>('GET', passesPath)).orders).toEqual([]);
    await smtp.waitFor(4, 20_000);
    await outboxDrained(api);
    expect((await api<OutdatedVenue>('GET', venuePath)).orders).toEqual([]);
    expect((await api<OutdatedPasses>('GET', passesPath)).orders).toEqual([]);
  }, 60_000);

  it('keeps an order listed whose resend the mail server refused, counting it in mails_failed, until one goes', async () => {
    const { smtp, api, show } = await mailedShowOnSale();
    const bob = await show.sell('bob@example.test');
    await smtp.waitFor(1, 20_000);
    await outboxDrained(api);
    await api('PATCH', `/v2/events/${show.id}`, { venue: 'The Roundhouse' });
    const path = `/v2/events/${show.id}/outdated_venue`;

    // Bob's mailbox is refused for a while: the sender gives his resend up, which told him nothing.
    smtp.answerRcpt = (address) => ({ code: 550, message: `5.1.1 <${address}>: Mailbox unavailable` });
    await api('POST', `/v2/orders/${bob.id}/resend`, {});
    await outboxDrained(api);
    const refused = await api<OutdatedVenue>('GET', path);
    expect(listed(refused)).toEqual([`${bob.id} bob@example.test`]);
    expect(refused.orders[0]).toMatchObject({ mails_failed: 1 });

    // Taken again, a resend goes: Bob is off the list.
    smtp.answerRcpt = () => 'accept';
    await api('POST', `/v2/orders/${bob.id}/resend`, {});
    await smtp.waitFor(2, 20_000);
    expect((await api<OutdatedVenue>('GET', path)).orders).toEqual([]);
  }, 60_000);

  it("lists the holders of tickets handed on before the change apart from the buyers, until each ticket's own mail goes", async () => {
    const { smtp, api, show } = await mailedShowOnSale();
    const path = `/v2/events/${show.id}/outdated_venue`;
    const handOn = (ticketId: string, name: string, email: string | null) =>
      api<{ id: string }>('POST', `/v2/tickets/${ticketId}/transfer`, { to_email: email, name });

    const dee = await show.sell('dee@example.test', 3);
    const ann = await show.sell('ann@example.test');
    const eve = await handOn(dee.tickets[0]!.id, 'Eve', 'eve@example.test');
    const friend = await handOn(dee.tickets[1]!.id, 'Friend', null);
    // Dee's and Ann's confirmations and Eve's own mail, all naming the old hall.
    await smtp.waitFor(3, 20_000);
    await outboxDrained(api);

    await api('PATCH', `/v2/events/${show.id}`, { venue: 'The Roundhouse' });
    const afterMove = await api<OutdatedVenue>('GET', path);
    // Dee is listed for the one ticket she still holds; the two she handed on are their holders'.
    expect(listed(afterMove)).toEqual([`${ann.id} ann@example.test`, `${dee.id} dee@example.test`].sort());
    expect(afterMove.orders.find((o) => o.order_id === dee.id)).toMatchObject({ tickets: 1 });
    expect(afterMove.tickets).toEqual([
      { ticket_id: eve.id, order_id: dee.id, holder_name: 'Eve', email: 'eve@example.test', mails_failed: 0 },
      { ticket_id: friend.id, order_id: dee.id, holder_name: 'Friend', email: null, mails_failed: 0 },
    ]);

    // Dee's resend mails the ticket she holds, not those she handed on: Eve and Friend stay listed.
    await api('POST', `/v2/orders/${dee.id}/resend`, {});
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('dee@example.test'));
    await outboxDrained(api);
    const afterDee = await api<OutdatedVenue>('GET', path);
    expect(listed(afterDee)).toEqual([`${ann.id} ann@example.test`]);
    expect(afterDee.tickets.map((x) => x.ticket_id)).toEqual([eve.id, friend.id]);

    // Handed on after the change: Gus's own mail names the new hall, so he is never listed.
    await handOn(dee.tickets[2]!.id, 'Gus', 'gus@example.test');
    expect((await api<OutdatedVenue>('GET', path)).tickets.map((x) => x.ticket_id)).toEqual([
      eve.id,
      friend.id,
    ]);

    // Eve's mailbox refuses her resend: it told her nothing, so she stays, counted in mails_failed.
    smtp.answerRcpt = (address) =>
      address.includes('eve@') ? { code: 550, message: `5.1.1 <${address}>: Mailbox unavailable` } : 'accept';
    await api('POST', `/v2/tickets/${eve.id}/resend`, {});
    await outboxDrained(api);
    const refused = await api<OutdatedVenue>('GET', path);
    expect(refused.tickets.find((x) => x.ticket_id === eve.id)).toMatchObject({ mails_failed: 1 });

    // Taken again, her mail is queued: she drops out while it waits, and stays out once it went.
    smtp.answerRcpt = () => 'accept';
    await api('POST', `/v2/tickets/${eve.id}/resend`, {});
    expect((await api<OutdatedVenue>('GET', path)).tickets.map((x) => x.ticket_id)).toEqual([friend.id]);
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('eve@example.test'));
    await outboxDrained(api);
    const done = await api<OutdatedVenue>('GET', path);
    expect(listed(done)).toEqual([`${ann.id} ann@example.test`]);
    expect(done.tickets.map((x) => x.ticket_id)).toEqual([friend.id]);
  }, 60_000);

  it('after a change is undone (a typo fixed), lists only those told the other venue meanwhile', async () => {
    const { smtp, api, show } = await mailedShowOnSale();
    const path = `/v2/events/${show.id}/outdated_venue`;
    const ann = await show.sell('ann@example.test', 2);
    const cy = await show.sell('cy@example.test');
    await smtp.waitFor(2, 20_000);
    await outboxDrained(api);

    await api('PATCH', `/v2/events/${show.id}`, { venue: 'Corn Exchnage' });
    expect(listed(await api<OutdatedVenue>('GET', path))).toEqual(
      [`${ann.id} ann@example.test`, `${cy.id} cy@example.test`].sort(),
    );
    // Under the typo: Bob buys, Ann hands a ticket to Eve, and Cy's confirmation goes again; each
    // mail names the typo.
    const bob = await show.sell('bob@example.test');
    const eve = await api<{ id: string }>('POST', `/v2/tickets/${ann.tickets[0]!.id}/transfer`, {
      to_email: 'eve@example.test',
      name: 'Eve',
    });
    await api('POST', `/v2/orders/${cy.id}/resend`, {});
    await smtp.waitFor(5, 20_000);
    await outboxDrained(api);

    await api('PATCH', `/v2/events/${show.id}`, { venue: 'Corn Exchange' });
    const fixed = await api<OutdatedVenue>('GET', path);
    expect(fixed).toMatchObject({ venue: 'Corn Exchange', moved_from: 'Corn Exchnage' });
    // Ann's newest mail named Corn Exchange: nothing changed for her. Bob, Cy and Eve were told the typo.
    expect(listed(fixed)).toEqual([`${bob.id} bob@example.test`, `${cy.id} cy@example.test`].sort());
    expect(fixed.tickets.map((x) => x.ticket_id)).toEqual([eve.id]);
  }, 60_000);

  it('keeps a buyer or holder listed on both lists when their resend went to a one-off address, unless they have none', async () => {
    const doors = Date.now() + 10 * day;
    const { smtp, api, show } = await mailedShowOnSale(doors);
    const ann = await show.sell('ann@example.test');
    const walkIn = await show.sell(null);
    const dee = await show.sell('dee@example.test');
    const eve = await api<{ id: string }>('POST', `/v2/tickets/${dee.tickets[0]!.id}/transfer`, {
      to_email: 'eve@example.test',
      name: 'Eve',
    });
    // Ann's confirmation and Eve's own mail (Dee, holding none of hers by then, is sent nothing).
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('eve@example.test'));
    await outboxDrained(api);
    const { venuePath, passesPath } = await moveHallAndDoors(api, show.id, doors);
    const bothLists = async () => {
      const venue = await api<OutdatedVenue>('GET', venuePath);
      const passes = await api<OutdatedPasses>('GET', passesPath);
      return {
        venue: { orders: listed(venue), tickets: venue.tickets.map((x) => x.ticket_id) },
        passes: { orders: listed(passes), tickets: passes.tickets.map((x) => x.ticket_id) },
      };
    };

    // "Send them to my partner too": Ann and Eve were not told. The walk-in gave an address at the
    // till without it being saved: that mail was theirs.
    await api('POST', `/v2/orders/${ann.id}/resend`, { email: 'partner@example.test' });
    await api('POST', `/v2/tickets/${eve.id}/resend`, { email: 'eve.friend@example.test' });
    await api('POST', `/v2/orders/${walkIn.id}/resend`, { email: 'walk.in@example.test' });
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('walk.in@example.test'));
    await outboxDrained(api);
    const untold = { orders: [`${ann.id} ann@example.test`], tickets: [eve.id] };
    expect(await bothLists()).toEqual({ venue: untold, passes: untold });

    // Ann's address corrected and her tickets sent to it: she is off both lists; Eve is not.
    await api('PATCH', `/v2/orders/${ann.id}`, { buyer: { email: 'ann.lee@example.test' } });
    await api('POST', `/v2/orders/${ann.id}/resend`, {});
    await smtp.waitFor(1, 20_000, (mail) => mail.rcptTo.includes('ann.lee@example.test'));
    await outboxDrained(api);
    const onlyEve = { orders: [], tickets: [eve.id] };
    expect(await bothLists()).toEqual({ venue: onlyEve, passes: onlyEve });
  }, 60_000);

  it('needs a box office or admin key, and 404s an unknown event in the contract envelope', async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const unknown = await t.call('GET', '/v2/events/evt_unknown0000000000/outdated_venue');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: { type: 'not_found_error', code: 'resource_missing' },
    });
    const created = await t.call('POST', '/v2/api_keys', { name: 'Door', scope: 'scanner' });
    const scanner = (created.json() as { secret: string }).secret;
    const event = await t.call('POST', '/v2/events', {
      title: 'Show',
      venue: 'Hall',
      doors_at: '2027-01-01T19:00:00Z',
      timezone: 'UTC',
    });
    const path = `/v2/events/${(event.json() as { id: string }).id}/outdated_venue`;
    expect((await t.call('GET', path, undefined, scanner)).statusCode).toBe(403);
  });
});
