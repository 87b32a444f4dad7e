import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ListCursor } from '../../src/server/store/pagination.js';
import {
  createEvent,
  createTier,
  expectInvalid,
  type EventJson,
  type ListJson,
  type TierJson,
} from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function page<T>(url: string): Promise<ListJson<T>> {
  const res = await t.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListJson<T>;
}

/** Follows next_cursor to the end, bounded so a cursor bug cannot loop forever. */
async function walk<T>(base: string, limit: number): Promise<{ pages: ListJson<T>[]; items: T[] }> {
  const pages: ListJson<T>[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const sep = base.includes('?') ? '&' : '?';
    const url: string = `${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const current: ListJson<T> = await page<T>(url);
    pages.push(current);
    if (!current.has_more) break;
    cursor = current.next_cursor;
    expect(cursor).toBeTruthy();
  }
  return { pages, items: pages.flatMap((p) => p.data) };
}

describe('GET /v2/events pagination', () => {
  let events: EventJson[];
  beforeEach(async () => {
    events = [];
    for (let i = 0; i < 5; i++) events.push(await createEvent(t, { title: `Event ${i}` }));
  });

  it('pages oldest first with has_more and next_cursor, ending with null', async () => {
    const { pages, items } = await walk<EventJson>('/v2/events', 2);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    expect(items.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('says has_more false when the page ends exactly at the last item', async () => {
    const first = await page<EventJson>('/v2/events?limit=5');
    expect(first).toMatchObject({ has_more: false, next_cursor: null });
    expect(first.data).toHaveLength(5);
  });

  it('keeps a cursor stable when newer items arrive', async () => {
    const first = await page<EventJson>('/v2/events?limit=3');
    const later = await createEvent(t, { title: 'Later' });
    const rest = await page<EventJson>(`/v2/events?limit=10&cursor=${first.next_cursor}`);
    expect(rest.data.map((e) => e.id)).toEqual([events[3]!.id, events[4]!.id, later.id]);
  });

  it('defaults to 20 and allows up to 100', async () => {
    for (let i = 0; i < 17; i++) await createEvent(t, { title: `More ${i}` });
    const first = await page<EventJson>('/v2/events');
    expect(first.data).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const all = await page<EventJson>('/v2/events?limit=100');
    expect(all.data).toHaveLength(22);
    expect(all.has_more).toBe(false);
  });

  it('refuses a limit outside 1–100 or not a whole number', async () => {
    for (const limit of ['0', '101', '-1', '2.5', 'ten', '']) {
      expectInvalid(await t.call('GET', `/v2/events?limit=${limit}`), 'limit');
    }
    expect((await t.call('GET', '/v2/events?limit=1')).statusCode).toBe(200);
  });

  it('refuses a cursor it did not hand out', async () => {
    const forged = Buffer.from('drop table', 'utf8').toString('base64url');
    for (const cursor of ['zzz', forged, '%00', 'c'.repeat(201)]) {
      expectInvalid(await t.call('GET', `/v2/events?cursor=${cursor}`), 'cursor');
    }
  });

  it('answers an empty last page for a cursor past the end', async () => {
    const pastEnd = new ListCursor('events', { publishedOnly: false }).encode(10_000);
    const past = await page<EventJson>(`/v2/events?cursor=${pastEnd}`);
    expect(past).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });
  });

  it('refuses unknown query parameters', async () => {
    expectInvalid(await t.call('GET', '/v2/events?status=draft'), 'status');
  });
});

describe('GET /v2/events/{event_id}/tiers pagination', () => {
  it('pages one event’s tiers without mixing in another’s', async () => {
    const event = await createEvent(t);
    const other = await createEvent(t);
    const tiers: TierJson[] = [];
    for (let i = 0; i < 3; i++) {
      tiers.push(await createTier(t, event.id, { name: `T${i}` }));
      await createTier(t, other.id, { name: `Other ${i}` });
    }
    const { pages, items } = await walk<TierJson>(`/v2/events/${event.id}/tiers`, 2);
    expect(pages.map((p) => p.data.length)).toEqual([2, 1]);
    expect(items.map((tier) => tier.id)).toEqual(tiers.map((tier) => tier.id));
  });

  it('validates limit and cursor like every list', async () => {
    const event = await createEvent(t);
    expectInvalid(await t.call('GET', `/v2/events/${event.id}/tiers?limit=0`), 'limit');
    expectInvalid(await t.call('GET', `/v2/events/${event.id}/tiers?limit=101`), 'limit');
    expectInvalid(await t.call('GET', `/v2/events/${event.id}/tiers?cursor=nope`), 'cursor');
  });
});
