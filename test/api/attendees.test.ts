import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import {
  buy,
  emitted,
  makeSaleTestApp,
  saleEvent,
  type AttendeeJson,
  type Sale,
} from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

const patch = (id: string, body: Record<string, unknown>, auth?: string) =>
  t.call('PATCH', `/v2/attendees/${id}`, body, auth);

describe('attendees', () => {
  it('lists an event’s attendees oldest first, with cursors; event_id is required', async () => {
    const other = await saleEvent(t);
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    await buy(t, other);
    const page1 = (await t.call('GET', `/v2/attendees?event_id=${sale.eventId}&limit=2`)).json() as {
      object: string;
      data: AttendeeJson[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(page1.object).toBe('list');
    expect(page1.has_more).toBe(true);
    const page2 = (
      await t.call('GET', `/v2/attendees?event_id=${sale.eventId}&limit=2&cursor=${page1.next_cursor}`)
    ).json() as { data: AttendeeJson[]; has_more: boolean };
    expect(page2.has_more).toBe(false);
    const all = [...page1.data, ...page2.data];
    expect(all.map((a) => a.ticket_id)).toEqual(order.tickets.map((x) => x.id));
    for (const a of all)
      expect(a).toMatchObject({ event_id: sale.eventId, order_id: order.id, name: 'Ada Lovelace' });
    expectMissing(await t.call('GET', '/v2/attendees'), 'event_id');
    expectError(
      await t.call('GET', '/v2/attendees?event_id=evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
  });

  it('PATCH corrects name and email, null clears, and attendee.updated fires only on a change', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.attendee_id;
    const boxOffice = await createKey(t, 'box_office');
    const res = await patch(id, { name: 'Augusta Ada King' }, boxOffice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Augusta Ada King', email: 'ada@example.com' });
    const cleared = await patch(id, { email: null });
    expect(cleared.json()).toMatchObject({ name: 'Augusta Ada King', email: null });
    expect((await patch(id, { name: 'Augusta Ada King' })).statusCode).toBe(200);
    expect(emitted<AttendeeJson>(t, 'attendee.updated').map((a) => [a.name, a.email])).toEqual([
      ['Augusta Ada King', 'ada@example.com'],
      ['Augusta Ada King', null],
    ]);
    const got = (await t.call('GET', `/v2/attendees/${id}`)).json() as AttendeeJson;
    expect(got).toMatchObject({ name: 'Augusta Ada King', email: null, ticket_id: order.tickets[0]!.id });
  });

  it('refuses bad patches, unknown ids and scanner keys', async () => {
    const order = await buy(t, sale);
    const id = order.tickets[0]!.attendee_id;
    expectInvalid(await patch(id, { email: 'nope' }), 'email');
    expectInvalid(await patch(id, { name: '' }), 'name');
    expectInvalid(await patch(id, { ticket_id: 'tik_x' }), 'ticket_id');
    expectError(await patch('atd_nope', { name: 'X' }), 404, 'not_found_error', 'resource_missing', 'id');
    expectError(
      await t.call('GET', '/v2/attendees/atd_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    const scanner = await createKey(t, 'scanner');
    expectError(await patch(id, { name: 'X' }, scanner), 403, 'permission_error', 'insufficient_scope');
    expect(emitted(t, 'attendee.updated')).toHaveLength(0);
  });
});
