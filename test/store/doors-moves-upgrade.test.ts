import { describe, expect, it } from 'vitest';
import { oldEvent, upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

describe('a store from before doors moves were kept (migration 24) upgrades', () => {
  it('lists nothing for what it sold before, then keeps the next move and lists the passes it leaves out of date', async () => {
    const { call, clock, soldId } = await upgrades.upgradedWithWalkIn('marquee-doors-moves-upgrade-', 23);
    const path = `/v2/events/${oldEvent}/outdated_passes`;
    expect((await call('GET', path)).json()).toMatchObject({ orders: [], tickets: [] });

    clock.advance(60); // a minute after the sale, the show is postponed
    const moved = await call('PATCH', `/v2/events/${oldEvent}`, { doors_at: '2026-12-27T19:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = await call('GET', path);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      doors_at: '2026-12-27T19:00:00.000Z',
      orders: [{ order_id: soldId, email: null, tickets: 1, mails_failed: 0 }],
      tickets: [],
    });
  });
});
