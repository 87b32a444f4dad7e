import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvObjects } from '../support/csv.js';
import { makeTestApp, publishedEvent, restartTestApp, type TestApp } from '../support/test-app.js';

/** The machine's own zone, and a venue's clock that is surely not it. */
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const venueZone = machineZone === 'Europe/London' ? 'Asia/Tokyo' : 'Europe/London';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function ok(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await t.call(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** The audit rows of the venue's clock being fixed by an event, as `[action, actor key, data]`. */
async function clockTrail(): Promise<unknown[]> {
  const audit = (await ok('GET', '/v2/audit_events?limit=100&object_id=settings')) as {
    data: { action: string; actor: { api_key_id: string | null }; data: unknown }[];
  };
  return audit.data
    .filter((row) => row.action === 'settings.venue_clock_pinned')
    .map((row) => [row.action, row.actor.api_key_id, row.data]);
}

const pinnedBy = (event: Record<string, unknown>, title: string, zone: string) => [
  'settings.venue_clock_pinned',
  expect.stringMatching(/^key_/),
  { venue_timezone: zone, event_id: event.id, title },
];

describe("venue_timezone: the venue's clock in GET/PATCH /v2/settings", () => {
  it("is the server's zone until set; once set it survives a restart, and the server's stays read-only", async () => {
    expect(await ok('GET', '/v2/settings')).toMatchObject({
      venue_timezone: machineZone,
      server_timezone: machineZone,
    });
    expect(await ok('PATCH', '/v2/settings', { venue_timezone: venueZone })).toMatchObject({
      venue_timezone: venueZone,
      server_timezone: machineZone,
    });
    t = await restartTestApp(t);
    expect(await ok('GET', '/v2/settings')).toMatchObject({
      venue_timezone: venueZone,
      server_timezone: machineZone,
    });
  });

  it('unset, is fixed by the first event given a zone: a touring show in another zone added later moves nothing', async () => {
    const event = (title: string, timezone: string) =>
      ok('POST', '/v2/events', {
        title,
        venue: 'Hall',
        doors_at: '2026-12-19T19:00:00Z',
        timezone,
        tickets: [{ name: 'GA', price_cents: 2500, quantity: 100 }],
      });
    const club = await event('Club night', 'Europe/Berlin');
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: 'Europe/Berlin' });
    expect(await clockTrail()).toEqual([pinnedBy(club, 'Club night', 'Europe/Berlin')]);
    await ok('POST', `/v2/events/${club.id as string}/publish`);
    const tiers = (await ok('GET', `/v2/events/${club.id as string}/tiers`)) as { data: { id: string }[] };
    // 00:30 on 1 December in Berlin: still November on the server's UTC and in New York.
    t.clock.ms = Date.parse('2026-12-01T00:30:00+01:00');
    await ok('POST', '/v2/orders', {
      event_id: club.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Late Buyer', email: 'late@example.test' },
      payment_method: 'cash',
    });
    const period = 'from=2026-11-01T00:00:00Z&to=2027-01-01T00:00:00Z';
    const months = async () =>
      ((await ok('GET', `/v2/reports/sales?${period}`)) as { months: { month: string }[] }).months.map(
        (row) => row.month,
      );
    expect(await months()).toEqual(['2026-12']);
    await event('Touring show', 'America/New_York');
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: 'Europe/Berlin' });
    // Only the event that fixed the clock is in its trail: a touring show's zone set nothing.
    expect(await clockTrail()).toHaveLength(1);
    expect(await months()).toEqual(['2026-12']);
    // Nor does giving the first event another zone, nor a restart.
    await ok('PATCH', `/v2/events/${club.id as string}`, { timezone: 'Europe/London' });
    t = await restartTestApp(t);
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: 'Europe/Berlin' });
    expect(await months()).toEqual(['2026-12']);
    // Set, the venue's clock is the manager's choice, whatever the events are in.
    await ok('PATCH', '/v2/settings', { venue_timezone: 'America/New_York' });
    expect(await months()).toEqual(['2026-11']);
  });

  it('unset on an older store, is fixed by an older event given a zone, and the trail says so after the edit', async () => {
    const { eventId } = await publishedEvent(t);
    // An event made before events had zones, on a store whose clock nobody has set yet.
    t.app.ctx.db.prepare('UPDATE events SET timezone = NULL WHERE id = ?').run(eventId);
    t.app.ctx.db.prepare("DELETE FROM settings WHERE key = 'venue_timezone'").run();
    await ok('PATCH', `/v2/events/${eventId}`, { timezone: 'Europe/Berlin', title: 'Renamed night' });
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: 'Europe/Berlin' });
    // (The event's creation had pinned the server's zone before the store was made to look older.)
    const trail = await clockTrail();
    expect(trail.at(-1)).toEqual(pinnedBy({ id: eventId }, 'Renamed night', 'Europe/Berlin'));
    const audit = (await ok('GET', `/v2/audit_events?limit=100&since=2000-01-01T00:00:00Z`)) as {
      data: { action: string }[];
    };
    expect(audit.data.map((row) => row.action).slice(-2)).toEqual([
      'event.updated',
      'settings.venue_clock_pinned',
    ]);
    // A manager's own choice afterwards is audited as before, and no event pins over it.
    await ok('PATCH', '/v2/settings', { venue_timezone: 'America/New_York' });
    await ok('PATCH', `/v2/events/${eventId}`, { timezone: 'Asia/Tokyo' });
    expect(await clockTrail()).toHaveLength(trail.length);
  });

  it("dates the money of an event made before events had zones on the venue's clock, not the server's", async () => {
    await ok('PATCH', '/v2/settings', { venue_timezone: venueZone });
    const { eventId, tierId } = await publishedEvent(t);
    await ok('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      payment_method: 'cash',
    });
    t.app.ctx.db.prepare('UPDATE events SET timezone = NULL WHERE id = ?').run(eventId);
    const csv = await t.call('GET', `/v2/orders?format=csv&event_id=${eventId}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csvObjects(csv.body).map((row) => row.time_zone)).toEqual([venueZone]);
    // Attendees still read it in the contract's default, the server's zone.
    expect(await ok('GET', `/v2/events/${eventId}`)).toMatchObject({ timezone: machineZone });
  });

  it('refuses an unknown zone with a 400 naming venue_timezone, and changes nothing', async () => {
    await ok('PATCH', '/v2/settings', { venue_timezone: venueZone });
    for (const bad of ['Mars/Olympus_Mons', '+01:00', '']) {
      const res = await t.call('PATCH', '/v2/settings', { venue_timezone: bad, venue_name: 'Renamed' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        error: { type: 'invalid_request_error', param: 'venue_timezone' },
      });
    }
    const unknown = await t.call('PATCH', '/v2/settings', { venue_timezone: 'Mars/Olympus_Mons' });
    expect((unknown.json() as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_field',
      message: expect.stringContaining('Europe/London') as unknown,
    });
    expect(await ok('GET', '/v2/settings')).toMatchObject({
      venue_timezone: venueZone,
      venue_name: 'Test venue',
    });
  });

  it('takes a name in another case as its proper name, and is audited like any settings change', async () => {
    await ok('PATCH', '/v2/settings', { venue_timezone: venueZone.toLowerCase() });
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: venueZone });
    const audit = (await ok('GET', '/v2/audit_events?limit=100&object_id=settings')) as {
      data: { action: string; data: unknown }[];
    };
    expect(audit.data.map((row) => [row.action, row.data])).toEqual([
      ['settings.updated', { changed: ['venue_timezone'] }],
    ]);
  });

  it("is where the months of a takings report asked without a zone are; an event made without one keeps the contract's default, the server's zone", async () => {
    await ok('PATCH', '/v2/settings', { venue_timezone: venueZone });
    const event = await ok('POST', '/v2/events', {
      title: 'Matinee',
      venue: 'Main room',
      doors_at: '2027-03-27T14:00:00Z',
    });
    expect(event.timezone).toBe(machineZone);
    const stream = await ok('POST', '/v2/events', {
      title: 'Stream',
      venue: 'Berlin',
      doors_at: '2027-03-27T19:00:00Z',
      timezone: 'Europe/Berlin',
    });
    expect(stream.timezone).toBe('Europe/Berlin');
    const period = 'from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z';
    expect(await ok('GET', `/v2/reports/sales?${period}`)).toMatchObject({ timezone: venueZone });
    expect(await ok('GET', `/v2/reports/sales?${period}&timezone=Asia/Tokyo`)).toMatchObject({
      timezone: 'Asia/Tokyo',
    });
  });
});
