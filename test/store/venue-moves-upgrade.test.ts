import { describe, expect, it } from 'vitest';
import { oldEvent, upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

describe('a store from before venue changes were kept (migration 26) upgrades', () => {
  it('lists nobody for a venue it never saw change, then keeps the next change and lists who was not told', async () => {
    // A walk-in sale: with no mail server here a buyer's confirmation would wait, and a waiting
    // one names the venue as it is when it goes, so only a walk-in is listed after the change.
    const { call, clock, soldId } = await upgrades.upgradedWithWalkIn('marquee-venue-moves-upgrade-', 25);
    const path = `/v2/events/${oldEvent}/outdated_venue`;
    expect((await call('GET', path)).json()).toMatchObject({
      venue: 'Hall',
      moved_from: null,
      moved_at: null,
      orders: [],
    });

    // A minute after the sale the show moves to another room.
    clock.advance(60);
    const moved = await call('PATCH', `/v2/events/${oldEvent}`, { venue: 'Studio 2' });
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = await call('GET', path);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      venue: 'Studio 2',
      moved_from: 'Hall',
      orders: [{ order_id: soldId, email: null, tickets: 1 }],
    });
  });
});
