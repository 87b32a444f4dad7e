import { describe, expect, it } from 'vitest';
import { upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An event row as a build before migration 22 wrote it; `zone` null as before migration 10. */
const eventRow = (seq: number, zone: string | null) =>
  `(${seq}, 'evt_upgrade${String(seq).padStart(13, '0')}', 'Show ${seq}', 'Hall', 0, 0, 'published', 'gbp',
    ${zone === null ? 'NULL' : `'${zone}'`}, 0, 0)`;

const settingsAfter = async () => {
  const { call } = await upgrades.upgrade();
  const res = await call('GET', '/v2/settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { venue_timezone: string; server_timezone: string };
};

describe("a store from before the venue's clock was a setting (migration 22) upgrades", () => {
  it('takes the zone most of its events are in, so a touring stream does not move the venue', async () => {
    const { db: old } = upgrades.oldStore('marquee-venue-timezone-upgrade-', { upTo: 21 });
    old.exec(`
      INSERT INTO events (seq, id, title, venue, doors_at, on_sale_at, status, currency, timezone, created_at,
        updated_at) VALUES
        ${eventRow(1, 'Europe/London')}, ${eventRow(2, 'Europe/Berlin')}, ${eventRow(3, 'Europe/London')},
        ${eventRow(4, null)}, ${eventRow(5, null)}, ${eventRow(6, null)};`);
    old.close();
    expect(await settingsAfter()).toMatchObject({
      venue_timezone: 'Europe/London',
      server_timezone: machineZone,
    });
  });

  it('between zones with as many events each, takes the one of the latest made', async () => {
    const { db: old } = upgrades.oldStore('marquee-venue-timezone-tie-', { upTo: 21 });
    old.exec(`
      INSERT INTO events (seq, id, title, venue, doors_at, on_sale_at, status, currency, timezone, created_at,
        updated_at) VALUES ${eventRow(1, 'Europe/London')}, ${eventRow(2, 'Asia/Tokyo')};`);
    old.close();
    expect((await settingsAfter()).venue_timezone).toBe('Asia/Tokyo');
  });

  it("with no zoned events sets nothing: unset, the venue's clock is the server's zone", async () => {
    const { db: old } = upgrades.oldStore('marquee-venue-timezone-none-', { upTo: 21 });
    old.exec(`
      INSERT INTO events (seq, id, title, venue, doors_at, on_sale_at, status, currency, timezone, created_at,
        updated_at) VALUES ${eventRow(1, null)};`);
    old.close();
    expect((await settingsAfter()).venue_timezone).toBe(machineZone);
  });
});

describe('a store migrated to 22 before it had zoned events (migration 23)', () => {
  it("fixes the venue's clock from the events made since, which no longer move it", async () => {
    const { db: old } = upgrades.oldStore('marquee-venue-clock-pinned-', { upTo: 22 });
    old.exec(`
      INSERT INTO events (seq, id, title, venue, doors_at, on_sale_at, status, currency, timezone, created_at,
        updated_at) VALUES ${eventRow(1, 'Europe/Berlin')}, ${eventRow(2, 'America/New_York')},
        ${eventRow(3, 'Europe/Berlin')};`);
    old.close();
    expect((await settingsAfter()).venue_timezone).toBe('Europe/Berlin');
  });
});
