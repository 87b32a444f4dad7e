import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, createTier, type EventJson, type TierJson } from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The event page as a browser would ask for it: no key. */
const page = (url: string) => t.call('GET', url, undefined, null);
const path = (event: EventJson) => new URL(event.url).pathname;

describe('public event page /e/{id}', () => {
  let event: EventJson;
  let open: TierJson;
  let unlisted: TierJson;
  let coded: TierJson;
  beforeEach(async () => {
    event = await createEvent(t, { title: 'Jazz night' });
    open = await createTier(t, event.id, { name: 'Standing', price_cents: 2500 });
    unlisted = await createTier(t, event.id, { name: 'Press list', visibility: 'unlisted' });
    coded = await createTier(t, event.id, {
      name: 'Friends',
      visibility: 'access_code',
      access_code: 'SECRET1',
    });
    await t.call('POST', `/v2/events/${event.id}/publish`);
  });

  it("is what the event's url points at, and needs no key", async () => {
    expect(event.url).toBe(`http://venue.test/e/${event.id}`);
    const res = await page(path(event));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('<h1>Jazz night</h1>');
    expect(res.body).toContain('Main hall');
  });

  it('lists public tiers with price and state, and hides unlisted and access-code tiers', async () => {
    const res = await page(path(event));
    expect(res.body).toContain(`data-tier="${open.id}"`);
    expect(res.body).toContain('Standing');
    expect(res.body).toContain('$25.00');
    expect(res.body).toContain('On sale');
    expect(res.body).not.toContain(unlisted.id);
    expect(res.body).not.toContain('Press list');
    expect(res.body).not.toContain(coded.id);
    expect(res.body).not.toContain('Friends');
  });

  it('shows an unlisted or access-code tier through its direct link only, never the code', async () => {
    const direct = await page(`${path(event)}?tier=${unlisted.id}`);
    expect(direct.body).toContain('Press list');
    expect(direct.body).toContain('Standing');
    expect(direct.body).not.toContain('Friends');
    const withCode = await page(`${path(event)}?tier=${coded.id}`);
    expect(withCode.body).toContain('Friends');
    expect(withCode.body).toContain('Access code required');
    expect(withCode.body).not.toContain('SECRET1');
  });

  it("ignores a direct link to another event's tier", async () => {
    const other = await createEvent(t);
    const foreign = await createTier(t, other.id, { name: 'Foreign', visibility: 'unlisted' });
    const res = await page(`${path(event)}?tier=${foreign.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Foreign');
  });

  it('shows sale state from the clock: not yet, ended, sold out', async () => {
    await t.call('PATCH', `/v2/tiers/${open.id}`, { sale_starts_at: '2026-12-01T00:00:00Z' });
    expect((await page(path(event))).body).toContain('Not on sale yet');
    t.clock.ms = Date.parse('2026-12-02T00:00:00Z');
    await t.call('PATCH', `/v2/tiers/${open.id}`, { sale_ends_at: '2026-12-01T12:00:00Z' });
    expect((await page(path(event))).body).toContain('Sales ended');
    await t.call('PATCH', `/v2/tiers/${open.id}`, { sale_starts_at: null, sale_ends_at: null, quantity: 0 });
    expect((await page(path(event))).body).toContain('Sold out');
  });

  it('says "Show over" once the show is over (doors more than 12 h ago), as the box office does', async () => {
    // Doors at 2026-12-24 19:00: that night it is on sale, the next afternoon it is over.
    t.clock.ms = Date.parse('2026-12-25T06:00:00Z');
    expect((await page(path(event))).body).toContain('On sale');
    t.clock.ms = Date.parse('2026-12-25T08:00:00Z');
    const over = (await page(path(event))).body;
    expect(over).toContain('Show over');
    expect(over).not.toContain('On sale');
  });

  it('escapes HTML in titles, venues and tier names', async () => {
    const nasty = await createEvent(t, { title: '<script>alert(1)</script>', venue: 'Tom & "Jerry\'s"' });
    await createTier(t, nasty.id, { name: '<img src=x onerror=alert(2)>' });
    await t.call('POST', `/v2/events/${nasty.id}/publish`);
    const res = await page(path(nasty));
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('Tom &amp; &quot;Jerry&#39;s&quot;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  it('answers 404 with an HTML page for an unknown event', async () => {
    const res = await page('/e/evt_nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Event not found');
  });

  it('answers the same page, not the API’s JSON, for a link mangled on its way', async () => {
    // Re-encoded as Latin-1 by a mail client, run into the next words, or carrying a tier id
    // too long to be one.
    for (const url of [
      '/e/evt_%E9t%E9',
      `/e/evt_${'x'.repeat(120)}`,
      '/e/evt_nope?tier=' + 'y'.repeat(120),
      // Cut off right after the path's start.
      '/e/',
      '/e',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('Event not found');
    }
    // The API keeps its envelope for the same mistakes.
    const api = await t.app.inject({ method: 'GET', url: '/v2/events/evt_%E9' });
    expect(api.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('a path beneath an event page that is no page, opened in a browser, is the event’s 404 page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/e/${event.id}/tickets`,
      headers: { accept: 'text/html,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Event not found');
    const api = await t.app.inject({
      method: 'GET',
      url: `/e/${event.id}/tickets`,
      headers: { accept: 'application/json' },
    });
    expect(api.json()).toMatchObject({ error: { code: 'route_not_found' } });
    // Under /v2 a browser still gets the API's answer.
    const v2 = await t.app.inject({ method: 'GET', url: '/v2/nothing', headers: { accept: 'text/html' } });
    expect(v2.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('a link with punctuation stuck on by chat or mail leads to the event it meant', async () => {
    // "See you there: http://venue.test/e/evt_….", "(link: …/e/evt_…)", "*…/e/evt_…*"
    for (const stuck of ['.', ')', '%22', '*', '_', '.%E2%80%9D']) {
      const res = await page(`${path(event)}${stuck}`);
      expect(res.statusCode, stuck).toBe(302);
      expect(res.headers.location, stuck).toBe(path(event));
    }
    // Its direct link keeps the tier it names, whatever was stuck onto the end of it.
    const redirected = await page(`${path(event)}.?tier=${unlisted.id}`);
    expect(redirected.headers.location).toBe(`${path(event)}?tier=${unlisted.id}`);
    // Whatever else the tier parameter holds goes into the redirect encoded, never as given.
    const odd = await page(`${path(event)}.?tier=%C3%A9%0D%0Ax`);
    expect(odd.statusCode).toBe(302);
    expect(odd.headers.location).toBe(`${path(event)}?tier=%C3%A9%0D%0Ax`);
    const stuckTier = await page(`${path(event)}?tier=${unlisted.id}).`);
    expect(stuckTier.statusCode).toBe(200);
    expect(stuckTier.body).toContain('Press list');
    // Something else than punctuation is still a link that leads nowhere.
    const other = await page(`${path(event)}x`);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('Event not found');
  });

  it('resolves a draft but lists no tickets until it is published', async () => {
    const draft = await createEvent(t, { title: 'Coming soon' });
    await createTier(t, draft.id, { name: 'Early' });
    const res = await page(path(draft));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Coming soon');
    expect(res.body).toContain('Tickets are not on sale yet');
    expect(res.body).not.toContain('Early');
  });

  it('says a cancelled event is cancelled, and none of its tiers on sale', async () => {
    expect((await page(path(event))).body).toContain('On sale');
    await t.call('POST', `/v2/events/${event.id}/cancel`);
    const res = await page(path(event));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This event has been cancelled');
    expect(res.body).not.toContain('On sale');
    expect(res.body).toContain('Not on sale');
  });

  it('says "not on sale yet" before the event goes on sale, as checkout refuses (event_not_on_sale)', async () => {
    const later = await createEvent(t, {
      title: 'Later',
      // Doors after the on-sale time (the fixture's own doors, 24 Dec, would make it a show over).
      doors_at: '2027-01-10T19:00:00Z',
      on_sale_at: '2027-01-01T00:00:00Z',
      timezone: 'UTC',
    });
    const tier = await createTier(t, later.id, { name: 'GA' });
    await t.call('POST', `/v2/events/${later.id}/publish`);
    const before = await page(path(later));
    expect(before.body).not.toContain('On sale');
    expect(before.body).toContain('Not on sale yet (from Fri 1 Jan 2027, 00:00 (UTC))');
    const refused = await t.call('POST', '/v2/orders', {
      event_id: later.id,
      items: [{ tier_id: tier.id, quantity: 1 }],
      payment_method: 'cash',
    });
    expect(refused.statusCode).toBe(409);
    t.clock.ms = Date.parse('2027-01-01T00:00:00Z');
    expect((await page(path(later))).body).toContain('On sale');
  });

  it('formats the price in the event currency', async () => {
    const eur = await createEvent(t, { currency: 'eur' });
    await createTier(t, eur.id, { name: 'Sitz', price_cents: 1999 });
    await t.call('POST', `/v2/events/${eur.id}/publish`);
    expect((await page(path(eur))).body).toContain('€19.99');
  });

  it('shows yen without decimals and dinars with three: 2500 jpy is ¥2,500', async () => {
    const yen = await createEvent(t, { currency: 'jpy' });
    await createTier(t, yen.id, { name: 'Seat', price_cents: 2500 });
    await t.call('POST', `/v2/events/${yen.id}/publish`);
    const body = (await page(path(yen))).body;
    expect(body).toContain('¥2,500');
    expect(body).not.toContain('¥25');
    const dinar = await createEvent(t, { currency: 'kwd' });
    await createTier(t, dinar.id, { name: 'Seat', price_cents: 2500 });
    await t.call('POST', `/v2/events/${dinar.id}/publish`);
    expect((await page(path(dinar))).body).toContain('KWD\u00a02.500');
  });
});
