import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createEvent,
  expectInvalid,
  subscribeToAllKinds,
  type EventJson,
} from '../support/foundation-fixtures.js';
import { emitted } from '../support/sales-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

type ZonedEvent = EventJson & { timezone: string };

/** The example: doors at 00:00 UTC on the 27th are 19:00 on Thursday the 26th in New York. */
const newYork = { doors_at: '2026-11-27T00:00:00Z', timezone: 'America/New_York' };
const newYorkDoors = 'Thu 26 Nov 2026, 19:00 (New York time)';

describe('event timezone', () => {
  it("is taken on create, given its proper case, and defaults to the server's zone", async () => {
    const zoned = (await createEvent(t, newYork)) as ZonedEvent;
    expect(zoned.timezone).toBe('America/New_York');
    expect(zoned.doors_at).toBe('2026-11-27T00:00:00.000Z');
    const cased = (await createEvent(t, { timezone: 'europe/berlin' })) as ZonedEvent;
    expect(cased.timezone).toBe('Europe/Berlin');
    const plain = (await createEvent(t)) as ZonedEvent;
    expect(plain.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const read = await t.call('GET', `/v2/events/${zoned.id}`);
    expect(read.json()).toMatchObject({ timezone: 'America/New_York' });
  });

  it('refuses an unknown zone with 400 invalid_field and a message that shows a good one, writing nothing', async () => {
    const before = countRows(t, 'events');
    for (const bad of ['Mars/Olympus_Mons', '+05:00', 'New York', '']) {
      const res = await t.call('POST', '/v2/events', {
        title: 'x',
        venue: 'y',
        doors_at: '2026-11-27T00:00:00Z',
        timezone: bad,
      });
      const error = expectInvalid(res, 'timezone');
      if (bad !== '') expect(error.message).toMatch(/IANA name such as America\/New_York/);
    }
    expect(countRows(t, 'events')).toBe(before);
  });

  it('can be changed with PATCH; the change reaches webhooks, and a bad one changes nothing', async () => {
    await subscribeToAllKinds(t);
    const event = (await createEvent(t, newYork)) as ZonedEvent;
    const patched = await t.call('PATCH', `/v2/events/${event.id}`, { timezone: 'Europe/London' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ timezone: 'Europe/London', doors_at: '2026-11-27T00:00:00.000Z' });
    expect(emitted<ZonedEvent>(t, 'event.created')[0]!.timezone).toBe('America/New_York');
    expect(emitted<ZonedEvent>(t, 'event.updated').map((e) => e.timezone)).toEqual(['Europe/London']);
    expectInvalid(await t.call('PATCH', `/v2/events/${event.id}`, { timezone: 'Nowhere/Land' }), 'timezone');
    expect((await t.call('GET', `/v2/events/${event.id}`)).json().timezone).toBe('Europe/London');
    expect(emitted(t, 'event.updated')).toHaveLength(1);
  });

  it("shows an event made before zones existed in the server's zone", async () => {
    const event = await createEvent(t, newYork);
    t.app.ctx.db.prepare('UPDATE events SET timezone = NULL WHERE id = ?').run(event.id);
    const read = await t.call('GET', `/v2/events/${event.id}`);
    expect(read.json().timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('attendee pages give times in the event’s zone', () => {
  it('the wallet and the public event page show New York doors as 19:00 on Thursday, without seconds', async () => {
    const { eventId, tierId } = await publishedEvent(t);
    expect(
      (await t.call('PATCH', `/v2/events/${eventId}`, { ...newYork, on_sale_at: '2026-11-01T13:00:00Z' }))
        .statusCode,
    ).toBe(200);
    const order = await t.call('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      payment_method: 'cash',
    });
    const walletUrl = (order.json() as { tickets: { wallet_url: string }[] }).tickets[0]!.wallet_url;
    const wallet = await t.app.inject({ method: 'GET', url: new URL(walletUrl).pathname });
    expect(wallet.body).toContain(`doors ${newYorkDoors}`);
    const page = await t.app.inject({ method: 'GET', url: `/e/${eventId}` });
    expect(page.body).toContain(`doors ${newYorkDoors}`);
    // The wallet's line has an id: its script redraws it from the copy kept on the phone.
    expect(wallet.body).toContain(`<p id="w-meta" class="meta">Main hall · doors ${newYorkDoors}</p>`);
    expect(page.body).toContain(`<p class="meta">Main hall · doors ${newYorkDoors}</p>`);
    for (const body of [wallet.body, page.body]) expect(body).not.toContain('GMT');
  });

  it('a tier that opens later says when, in the event’s zone', async () => {
    const { eventId } = await publishedEvent(t, { sale_starts_at: '2026-12-01T15:00:00Z' });
    await t.call('PATCH', `/v2/events/${eventId}`, { timezone: 'America/New_York' });
    const page = await t.app.inject({ method: 'GET', url: `/e/${eventId}` });
    expect(page.body).toContain('Not on sale yet (from Tue 1 Dec 2026, 10:00 (New York time))');
  });
});
