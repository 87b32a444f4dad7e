import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, restartTestApp, type TestApp } from '../support/test-app.js';

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

  it("unset, is the zone the venue's events share; with events in several zones, the server's", async () => {
    const event = (title: string, timezone: string) =>
      ok('POST', '/v2/events', { title, venue: 'Hall', doors_at: '2027-03-27T19:00:00Z', timezone });
    await event('Main room', venueZone);
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: venueZone });
    await event('Stream', 'Europe/Berlin');
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: machineZone });
    // Set, the venue's clock is the manager's choice, whatever the events are in.
    await ok('PATCH', '/v2/settings', { venue_timezone: venueZone });
    expect(await ok('GET', '/v2/settings')).toMatchObject({ venue_timezone: venueZone });
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
