import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportsRepo } from '../../src/server/store/exports-repo.js';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import { csvObjects, parseCsv } from '../support/csv.js';
import { buy, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { freshToken, validate } from '../support/scan-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

/** Names a careless CSV writer breaks: separators, quotes, line breaks, formulas, accents. */
const awkwardNames = [
  'Smith, Jo',
  'Ada "the Countess" Lovelace',
  'Two\nLines',
  'Carriage\r\nReturn',
  '=HYPERLINK("http://evil.example","click")',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A9)',
  'Zoë Ångström',
  'Plain Name',
];

let t: TestApp;
let sale: Sale;
let orders: OrderJson[];

beforeEach(async () => {
  t = await makeTestApp();
  sale = await publishedEvent(t, { price_cents: 1999, max_per_order: 10 });
  orders = [];
  for (const [index, name] of awkwardNames.entries()) {
    orders.push(
      await buy(t, sale, {
        buyer: { name, email: `guest${index}@example.com` },
        items: [{ tier_id: sale.tierId, quantity: 1 + (index % 3) }],
      }),
    );
  }
});
afterEach(async () => t.close());

/** What a spreadsheet-safe cell holds for a name: an apostrophe before a would-be formula. */
const asWritten = (name: string) => (/^[=+\-@]/.test(name) ? `'${name}` : name);

const download = (url: string, key?: string, headers: Record<string, string> = {}) =>
  t.call('GET', url, undefined, key, headers);

describe('CSV exports', () => {
  it('orders: every row (not one page), RFC 4180 quoting, formulas neutralised, money in major units', async () => {
    // Refund part of one so total, refunded and net differ.
    await t.call('POST', `/v2/orders/${orders[1]!.id}/refund`, { amount_cents: 999 });
    const res = await download(`/v2/orders?format=csv&limit=2&event_id=${sale.eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${sale.eventId}.csv"`);
    const records = parseCsv(res.body);
    expect(records[0]).toEqual([
      'order_id',
      'created_at',
      'event_id',
      'status',
      'channel',
      'payment_method',
      'buyer_name',
      'buyer_email',
      'currency',
      'total',
      'refunded',
      'net',
      'shift_id',
      'created_at_local',
      'time_zone',
    ]);
    const rows = csvObjects(res.body);
    expect(rows).toHaveLength(awkwardNames.length);
    rows.forEach((row, index) => {
      const order = orders[index]!;
      const units = 1 + (index % 3);
      expect(row).toEqual({
        order_id: order.id,
        created_at: order.created_at,
        event_id: sale.eventId,
        status: index === 1 ? 'partially_refunded' : 'paid',
        channel: 'api',
        payment_method: 'card',
        buyer_name: asWritten(awkwardNames[index]!),
        buyer_email: `guest${index}@example.com`,
        currency: 'usd',
        total: (units * 19.99).toFixed(2),
        refunded: index === 1 ? '9.99' : '0.00',
        net: (units * 19.99 - (index === 1 ? 9.99 : 0)).toFixed(2),
        // Sold with the admin key, in no till's shift.
        shift_id: '',
        // The event is in UTC: its wall clock reads the same, to the minute.
        created_at_local: order.created_at.slice(0, 16).replace('T', ' '),
        time_zone: 'UTC',
      });
    });
  });

  it('attendees and scans: every row, with Accept: text/csv too', async () => {
    const ticket = orders[0]!.tickets[0]!;
    const scanner = await createKey(t, 'scanner');
    await validate(t, { token: freshToken(t, ticket) }, scanner);
    await validate(t, { token: freshToken(t, ticket) }, scanner);

    const attendees = await download(`/v2/attendees?event_id=${sale.eventId}`, undefined, {
      accept: 'text/csv',
    });
    expect(attendees.statusCode, attendees.body).toBe(200);
    const people = csvObjects(attendees.body);
    const tickets = orders.flatMap((order, index) =>
      order.tickets.map((x) => ({ x, name: awkwardNames[index]! })),
    );
    expect(people).toHaveLength(tickets.length);
    people.forEach((row, index) => {
      expect(row).toMatchObject({
        ticket_id: tickets[index]!.x.id,
        attendee_id: tickets[index]!.x.attendee_id,
        name: asWritten(tickets[index]!.name),
        tier: 'General admission',
        ticket_status: 'active',
        admitted: index === 0 ? 'yes' : 'no',
      });
    });

    const scans = await download(`/v2/scans?event_id=${sale.eventId}&format=csv`);
    expect(scans.statusCode, scans.body).toBe(200);
    // The header is derived from the read's columns (domain/exports.ts): pinned here, as published.
    expect(parseCsv(scans.body)[0]).toEqual([
      'scan_id',
      'scanned_at',
      'event_id',
      'ticket_id',
      'result',
      'reason',
      'direction',
      'credential',
      'source',
      'conflict',
      'note',
      'device_id',
      'api_key_id',
      'staff_id',
      'scanned_at_local',
      'time_zone',
    ]);
    expect(csvObjects(scans.body).map((row) => [row.ticket_id, row.result, row.reason])).toEqual([
      [ticket.id, 'admitted', ''],
      [ticket.id, 'rejected', 'already_scanned'],
    ]);
    // format=json wins over the Accept header; the list stays a page.
    const json = await download(`/v2/scans?event_id=${sale.eventId}&format=json`, undefined, {
      accept: 'text/csv',
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is for admin and box office keys: a kiosk and a door are refused', async () => {
    const boxOffice = await createKey(t, 'box_office');
    expect((await download('/v2/orders?format=csv', boxOffice)).statusCode).toBe(200);
    const kiosk = await createKey(t, 'kiosk');
    const scanner = await createKey(t, 'scanner');
    expectError(
      await download('/v2/orders?format=csv', kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await download(`/v2/scans?format=csv&event_id=${sale.eventId}`, scanner),
      403,
      'permission_error',
      'insufficient_scope',
      'format',
    );
    expectError(
      await download(`/v2/attendees?format=csv&event_id=evt_nope`),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
  });

  it('checks a cursor as the JSON list does: a bad one is refused, a good one is ignored like limit', async () => {
    const ticket = orders[0]!.tickets[0]!;
    const scanner = await createKey(t, 'scanner');
    await validate(t, { token: freshToken(t, ticket) }, scanner);
    await validate(t, { token: freshToken(t, ticket) }, scanner);
    const lists = [
      { path: `/v2/orders?event_id=${sale.eventId}`, rows: orders.length },
      { path: `/v2/attendees?event_id=${sale.eventId}`, rows: orders.flatMap((o) => o.tickets).length },
      { path: `/v2/scans?event_id=${sale.eventId}`, rows: 2 },
    ];
    const nextCursor = async (path: string) =>
      (await download(`${path}&limit=1`)).json<{ next_cursor: string }>().next_cursor;
    for (const { path, rows } of lists) {
      for (const cursor of ['garbage', await nextCursor(lists.find((l) => l.path !== path)!.path)]) {
        const asked = `${path}&cursor=${encodeURIComponent(cursor)}`;
        const json = expectError(
          await download(asked),
          400,
          'invalid_request_error',
          'invalid_field',
          'cursor',
        );
        const csv = expectError(
          await download(`${asked}&format=csv`),
          400,
          'invalid_request_error',
          'invalid_field',
          'cursor',
        );
        expect(csv.message).toBe(json.message);
      }
      const good = await download(`${path}&format=csv&cursor=${await nextCursor(path)}`);
      expect(good.statusCode, good.body).toBe(200);
      expect(csvObjects(good.body)).toHaveLength(rows);
    }
  });

  it('reads in chunks of a fixed size by keyset, every row once, and nothing written after it began', async () => {
    const repo = new ExportsRepo(t.app.ctx.db);
    const chunks = repo.orders({ eventId: sale.eventId }, 3);
    const first = chunks.next();
    // A sale made while the download runs belongs to the next download.
    await buy(t, sale);
    const rest = [...chunks];
    const all = [first.value!, ...rest];
    expect(all.map((chunk) => chunk.length)).toEqual([3, 3, 3, 1]);
    expect(all.flat().map((row) => row[1])).toEqual(orders.map((order) => order.id));
  });
});
