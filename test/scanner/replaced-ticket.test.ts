import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Venue } from './support/venue.js';

/**
 * A guest lost their phone (or a code went round): the box office replaces the ticket, which is
 * a transfer to the same holder (docs/api.md "Replacing a lost or shared ticket"). An online door
 * and a door that pulled its pack before the replacement and stays offline meet the old and the
 * new codes.
 */
describe('a ticket replaced at the box office, at an online and an offline door', () => {
  let venue: Venue;
  let eventId: string;
  let tierId: string;
  beforeAll(async () => {
    venue = await Venue.start();
    ({ eventId, tierId } = await venue.event());
  });
  afterAll(async () => {
    await venue?.close();
  });

  it('the new code admits once; the old print is refused online with when it was replaced, and flagged by the offline door at sync', async () => {
    const [sold] = await venue.sell(eventId, tierId);
    const oldPass = sold!.paper_pass!;
    // Both doors hold a pack from before the replacement.
    const online = await venue.pairedDoor(eventId, 'replaced-online');
    const offline = await venue.pairedDoor(eventId, 'replaced-offline');

    const before = Date.now();
    const fresh = await venue.ok<{ id: string; paper_pass: string; transferred_from: string }>(
      'POST',
      `/v2/tickets/${sold!.id}/transfer`,
      { to_email: 'ada@example.test', name: 'Ada Guest' },
    );
    const after = Date.now();
    expect(fresh.transferred_from).toBe(sold!.id);

    // Online: the old paper is refused, and the answer says when it was replaced.
    const refused = await online.device.scan(oldPass);
    expect(refused).toMatchObject({ result: 'rejected', reason: 'transferred', mode: 'online' });
    expect(refused.ticket).toMatchObject({ id: sold!.id, status: 'transferred', transferred_to: fresh.id });
    const replacedAt = Date.parse(refused.ticket!.transferred_at!);
    expect(replacedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(replacedAt).toBeLessThanOrEqual(after + 1000);
    // The new code admits, once.
    expect(await online.device.scan(fresh.paper_pass)).toMatchObject({ result: 'admitted', mode: 'online' });
    expect(await online.device.scan(fresh.paper_pass)).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
    });

    // Offline, with the old pack, the door cannot know: it lets both codes in...
    expect(await offline.device.scan(oldPass, { offline: true })).toMatchObject({ result: 'admitted' });
    expect(await offline.device.scan(fresh.paper_pass, { offline: true })).toMatchObject({
      result: 'admitted',
    });
    // ...and its sync flags both: the old code was replaced, the new one was in already.
    const report = await offline.device.sync();
    expect(report).toMatchObject({ uploaded: 2, admitted: 0, conflicts: 1 });
    expect(offline.device.conflicts()).toEqual([
      expect.objectContaining({ ticketId: sold!.id, localResult: 'admitted', serverReason: 'transferred' }),
      expect.objectContaining({ ticketId: fresh.id, serverReason: 'already_scanned', conflict: true }),
    ]);
    // Having synced, it refuses the old code on its own.
    expect(await offline.device.scan(oldPass, { offline: true })).toMatchObject({
      result: 'rejected',
      reason: 'transferred',
      mode: 'offline',
    });
    // One person in on the one ticket, as the server counts.
    expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${fresh.id}`)).scan_count).toBe(1);
    expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${sold!.id}`)).scan_count).toBe(0);
  });

  it('a door that pulled its pack after the replacement says offline when it was replaced; only the dead tickets carry the time', async () => {
    const [lost, kept, voided] = await venue.sell(eventId, tierId, 3);
    // A door paired earlier learns it by a delta pack; one paired after, by a whole pack.
    const early = await venue.pairedDoor(eventId, 'replaced-delta');
    const before = Date.now();
    await venue.ok('POST', `/v2/tickets/${lost!.id}/transfer`, { to_email: null, name: 'Ada Guest' });
    const after = Date.now();
    await venue.ok('POST', `/v2/tickets/${voided!.id}/void`, { refund: false });
    await early.device.pull();
    const late = await venue.pairedDoor(eventId, 'replaced-whole');

    for (const door of [early, late]) {
      const refused = await door.device.scan(lost!.paper_pass!, { offline: true });
      expect(refused).toMatchObject({ result: 'rejected', reason: 'transferred', mode: 'offline' });
      expect(refused.replacedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(refused.replacedAt).toBeLessThanOrEqual(after + 1000);
      const dead = await door.device.scan(voided!.paper_pass!, { offline: true });
      expect(dead).toMatchObject({ result: 'rejected', reason: 'voided' });
      expect(dead.replacedAt).toBeUndefined();
    }
    // What the pack says: a time on the transferred ticket alone; nothing new on the others.
    const pack = await venue.ok<{ revoked: Record<string, unknown>[]; holders: unknown[][] }>(
      'GET',
      `/v2/scan/door_pack?event_id=${eventId}`,
    );
    const entry = (id: string) => pack.revoked.find((r) => r['ticket_id'] === id);
    expect(Object.keys(entry(lost!.id)!).sort()).toEqual(['status', 'ticket_id', 'transferred_at']);
    expect(entry(voided!.id)).toEqual({ ticket_id: voided!.id, status: 'voided' });
    expect(entry(kept!.id)).toBeUndefined();
    expect(pack.holders.find((h) => h[0] === kept!.id)).toHaveLength(4);
  });
});
