import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTier } from '../support/foundation-fixtures.js';
import { expectInvalidOverHttp, listenOnLoopback, type HttpAnswer } from '../support/http-client.js';
import { buy, makeSaleTestApp, type Sale } from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

interface List {
  data: { id: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

let t: TestApp;
let sale: Sale;
let get: (path: string) => Promise<HttpAnswer>;
let otherEventId: string;
const orderIds: string[] = [];
const eventIds: string[] = [];

beforeAll(async () => {
  ({ t, sale } = await makeSaleTestApp({ outbox: false }));
  eventIds.push(sale.eventId);
  for (let i = 0; i < 6; i++) eventIds.push((await createEvent(t, { title: `Event ${i}` })).id);
  otherEventId = eventIds[1]!;
  for (let i = 0; i < 3; i++) {
    await createTier(t, sale.eventId, { name: `Sale tier ${i}` });
    await createTier(t, otherEventId, { name: `Other tier ${i}` });
  }
  for (let i = 0; i < 5; i++) orderIds.push((await buy(t, sale)).id);
  get = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

async function list(path: string): Promise<List> {
  const answer = await get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as List;
}

/** The next_cursor of a list's first page of `limit` rows. */
async function cursorOf(path: string, limit = 2): Promise<string> {
  const sep = path.includes('?') ? '&' : '?';
  const page = await list(`${path}${sep}limit=${limit}`);
  expect(page.has_more).toBe(true);
  return page.next_cursor!;
}

describe('a cursor continues the list it came from and no other', () => {
  it('refuses an orders cursor on the events list', async () => {
    const cursor = await cursorOf('/v2/orders');
    expectInvalidOverHttp(await get(`/v2/events?cursor=${cursor}`), 'cursor');
    expect((await list(`/v2/orders?cursor=${cursor}`)).data.length).toBeGreaterThan(0);
  });

  it("refuses one event's tiers cursor on another event's tiers", async () => {
    const cursor = await cursorOf(`/v2/events/${sale.eventId}/tiers`);
    expectInvalidOverHttp(await get(`/v2/events/${otherEventId}/tiers?cursor=${cursor}`), 'cursor');
  });

  it('refuses a cursor under other filters or in the other order', async () => {
    const cursor = await cursorOf(`/v2/orders?event_id=${sale.eventId}`);
    expect((await list(`/v2/orders?event_id=${sale.eventId}&cursor=${cursor}`)).data).toHaveLength(3);
    expectInvalidOverHttp(await get(`/v2/orders?cursor=${cursor}`), 'cursor');
    expectInvalidOverHttp(await get(`/v2/orders?event_id=${otherEventId}&cursor=${cursor}`), 'cursor');
    expectInvalidOverHttp(
      await get(`/v2/orders?event_id=${sale.eventId}&order=newest_first&cursor=${cursor}`),
      'cursor',
    );
  });

  it('refuses a cursor with any character changed', async () => {
    const cursor = await cursorOf('/v2/events');
    for (let i = 0; i < cursor.length; i++) {
      const swapped = cursor[i] === 'A' ? 'B' : 'A';
      const tampered = `${cursor.slice(0, i)}${swapped}${cursor.slice(i + 1)}`;
      const answer = await get(`/v2/events?cursor=${tampered}`);
      // base64url's last character may carry padding bits only: the same cursor, still fine.
      if (answer.status === 200)
        expect(Buffer.from(tampered, 'base64url')).toEqual(Buffer.from(cursor, 'base64url'));
      else expectInvalidOverHttp(answer, 'cursor');
    }
  });

  it('still continues with a cursor handed out before cursors named their list', async () => {
    const first = await list('/v2/events?limit=2');
    const rest = await list(`/v2/events?limit=100&cursor=${Buffer.from(`s${2}`).toString('base64url')}`);
    expect([...first.data, ...rest.data].map((event) => event.id)).toEqual(eventIds);
  });
});

describe('a full walk of a paged list', () => {
  async function walk(path: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: List = await list(`${path}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.data.map((row) => row.id));
      if (!page.has_more) return ids;
      cursor = page.next_cursor;
    }
    throw new Error(`${path} did not end within 50 pages`);
  }

  it('returns every row once, oldest first, on events and orders', async () => {
    expect(await walk('/v2/events?', 2)).toEqual(eventIds);
    expect(await walk(`/v2/orders?event_id=${sale.eventId}&`, 2)).toEqual(orderIds);
  });

  it('returns every row once in newest-first order too', async () => {
    expect(await walk('/v2/orders?order=newest_first&', 2)).toEqual([...orderIds].reverse());
  });
});
