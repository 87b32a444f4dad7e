import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { buy, orderBody, saleEvent, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { addStaff, asStaff, signIn, signInWith, type StaffJson } from '../support/staff-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let till: string;

beforeEach(async () => {
  t = await makeTestApp();
  till = await createKey(t, 'box_office');
});
afterEach(async () => {
  await t.close();
});

describe('staff members', () => {
  it('creates, lists, renames, resets a PIN and deactivates; never answers a PIN or its hash', async () => {
    const ann = await addStaff(t, 'Ann', 'manager', '1234');
    expect(ann).toMatchObject({ name: 'Ann', role: 'manager', active: true });
    expect(ann.id).toMatch(/^stf_/);
    await addStaff(t, 'Bob', 'seller', '5678');
    const list = (await t.call('GET', '/v2/staff')).json() as { data: StaffJson[] };
    expect(list.data.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    expect(JSON.stringify(list)).not.toMatch(/1234|5678|pin/);

    const renamed = await t.call('PATCH', `/v2/staff/${ann.id}`, {
      name: 'Ann B.',
      role: 'seller',
      pin: '9999',
    });
    expect(renamed.json()).toMatchObject({ name: 'Ann B.', role: 'seller', active: true });
    // The reset PIN works, the old one no longer does.
    await signIn(t, till, '9999');
    expectError(await signInWith(t, till, '1234'), 401, 'authentication_error', 'invalid_pin', 'pin');

    const gone = await t.call('DELETE', `/v2/staff/${ann.id}`);
    expect(gone.json()).toMatchObject({ id: ann.id, active: false });
    expect((await t.call('GET', `/v2/staff?active=false`)).json()).toMatchObject({ data: [{ id: ann.id }] });
    expectError(await t.call('GET', '/v2/staff/stf_nope'), 404, 'not_found_error', 'resource_missing', 'id');
  });

  it('refuses bad input with invalid_field or missing_field and the field', async () => {
    for (const pin of ['123', '123456789', '12a4', ' 1234', '']) {
      expectInvalid(await t.call('POST', '/v2/staff', { name: 'X', role: 'seller', pin }), 'pin');
    }
    expectInvalid(await t.call('POST', '/v2/staff', { name: 'X', role: 'boss', pin: '1234' }), 'role');
    expectInvalid(await t.call('POST', '/v2/staff', { name: '', role: 'seller', pin: '1234' }), 'name');
    expectInvalid(await t.call('POST', '/v2/staff', { name: 'X', role: 'seller', pin: '1234', x: 1 }), 'x');
    expectMissing(await t.call('POST', '/v2/staff', { name: 'X', role: 'seller' }), 'pin');
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    expectInvalid(await t.call('PATCH', `/v2/staff/${bob.id}`, { pin: '12' }), 'pin');
    expectInvalid(await t.call('PATCH', `/v2/staff/${bob.id}`, { role: 'owner' }), 'role');
    const wordless = expectInvalid(await t.call('POST', '/v2/staff/sign_in', { pin: 'abcd' }, till), 'pin');
    expect(wordless.message).toBe('pin must be 4 to 8 digits.');
  });

  it('keeps PINs unique among active members: 409 pin_in_use on create, reset and reactivation', async () => {
    const ann = await addStaff(t, 'Ann', 'manager', '1234');
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    expectError(
      await t.call('POST', '/v2/staff', { name: 'Cy', role: 'door', pin: '1234' }),
      409,
      'conflict_error',
      'pin_in_use',
      'pin',
    );
    expectError(
      await t.call('PATCH', `/v2/staff/${bob.id}`, { pin: '1234' }),
      409,
      'conflict_error',
      'pin_in_use',
      'pin',
    );
    // Keeping one's own PIN is no conflict.
    expect((await t.call('PATCH', `/v2/staff/${ann.id}`, { pin: '1234' })).statusCode).toBe(200);
    // A deactivated member's PIN is free again, and they cannot come back with it while taken.
    await t.call('DELETE', `/v2/staff/${ann.id}`);
    const cy = await addStaff(t, 'Cy', 'door', '1234');
    expectError(
      await t.call('PATCH', `/v2/staff/${ann.id}`, { active: true }),
      409,
      'conflict_error',
      'pin_in_use',
      'pin',
    );
    expect(
      (await t.call('PATCH', `/v2/staff/${ann.id}`, { active: true, pin: '4321' })).json(),
    ).toMatchObject({
      active: true,
    });
    expect(cy.active).toBe(true);
    // Two at once for one PIN: exactly one wins.
    const [a, b] = await Promise.all([
      t.call('POST', '/v2/staff', { name: 'D1', role: 'seller', pin: '7777' }),
      t.call('POST', '/v2/staff', { name: 'D2', role: 'seller', pin: '7777' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('is managed by admin keys only; a till cannot list staff (its keypad takes a PIN alone)', async () => {
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    for (const [method, url] of [
      ['GET', '/v2/staff'],
      ['GET', `/v2/staff/${bob.id}`],
      ['POST', '/v2/staff'],
      ['PATCH', `/v2/staff/${bob.id}`],
      ['DELETE', `/v2/staff/${bob.id}`],
    ] as const) {
      const body = method === 'POST' || method === 'PATCH' ? { name: 'Z' } : undefined;
      expectError(await t.call(method, url, body, till), 403, 'permission_error', 'insufficient_scope');
    }
  });
});

describe('sign-in', () => {
  it('answers the member, a session token and its end 12 hours on; the session reads back', async () => {
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const res = await signInWith(t, till, '5678');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { staff: StaffJson; session_token: string; expires_at: string };
    expect(body.staff).toEqual(bob);
    expect(body.session_token).toMatch(/^sst_[A-Za-z0-9]{32}$/);
    expect(Date.parse(body.expires_at)).toBe(t.clock.ms + 12 * 3600_000);
    // Stored hashed only.
    const stored = t.app.ctx.db.prepare('SELECT * FROM staff_sessions').all();
    expect(JSON.stringify(stored)).not.toContain(body.session_token);

    const session = await t.call('GET', '/v2/staff/session', undefined, till, asStaff(body.session_token));
    const tillKeyId = (session.json() as { api_key_id: string }).api_key_id;
    expect(tillKeyId).toMatch(/^key_/);
    expect(session.json()).toEqual({
      staff: bob,
      expires_at: body.expires_at,
      sign_in_required: true,
      api_key_id: tillKeyId,
    });
    const nobody = await t.call('GET', '/v2/staff/session', undefined, till);
    expect(nobody.json()).toEqual({
      staff: null,
      expires_at: null,
      sign_in_required: true,
      api_key_id: tillKeyId,
    });
    // An admin key is never required to sign someone in.
    expect((await t.call('GET', '/v2/staff/session')).json()).toMatchObject({ sign_in_required: false });
  });

  it('refuses a wrong PIN with 401 invalid_pin, and a deactivated member’s PIN the same way', async () => {
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const err = expectError(
      await signInWith(t, till, '0000'),
      401,
      'authentication_error',
      'invalid_pin',
      'pin',
    );
    expect(err.message).toMatch(/PIN/);
    await t.call('DELETE', `/v2/staff/${bob.id}`);
    expectError(await signInWith(t, till, '5678'), 401, 'authentication_error', 'invalid_pin', 'pin');
  });

  it('slows brute force per till: 5 wrong, then 429 with a Retry-After that grows; the right PIN waits too', async () => {
    await addStaff(t, 'Ann', 'manager', '1234');
    for (let i = 0; i < 5; i++) {
      expectError(await signInWith(t, till, `000${i}`), 401, 'authentication_error', 'invalid_pin', 'pin');
    }
    let locked = await signInWith(t, till, '1234');
    expectError(locked, 429, 'rate_limit_error', 'rate_limited', 'pin');
    expect(locked.headers['retry-after']).toBe('30');
    // Another till is not held up by this one.
    const otherTill = await createKey(t, 'box_office');
    await signIn(t, otherTill, '1234');

    t.clock.advance(10);
    locked = await signInWith(t, till, '0009');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('20');
    t.clock.advance(20);
    // Each wrong PIN after the lockout locks again, twice as long.
    expectError(await signInWith(t, till, '0005'), 401, 'authentication_error', 'invalid_pin', 'pin');
    locked = await signInWith(t, till, '1234');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    t.clock.advance(60);
    expectError(await signInWith(t, till, '0006'), 401, 'authentication_error', 'invalid_pin', 'pin');
    expect((await signInWith(t, till, '1234')).headers['retry-after']).toBe('120');
    t.clock.advance(120);
    // Once the lockout is over the right PIN works again.
    await signIn(t, till, '1234');
  });

  it('a burst of guesses sent at once is held to the same 5 wrong before the lockout', async () => {
    await addStaff(t, 'Ann', 'manager', '1234');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInWith(t, till, String(5000 + i))),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('enforcement', () => {
  let sale: Sale;
  let order: OrderJson;

  beforeEach(async () => {
    sale = await saleEvent(t);
    order = await buy(t, sale, { payment_method: 'cash' });
  });

  const sell = (key: string, headers: Record<string, string> = {}) =>
    t.call('POST', '/v2/orders', orderBody(sale, { payment_method: 'cash' }), key, headers);
  const refund = (key: string, headers: Record<string, string> = {}) =>
    t.call('POST', `/v2/orders/${order.id}/refund`, { amount_cents: 100 }, key, headers);

  it('a till with no staff configured works as before', async () => {
    expect((await sell(till)).statusCode).toBe(200);
    expect((await refund(till)).statusCode).toBe(200);
    expect((await t.call('GET', '/v2/staff/session', undefined, till)).json()).toMatchObject({
      sign_in_required: false,
    });
  });

  it('once staff exist, a box_office write needs a session (403 staff_sign_in_required); reads do not', async () => {
    await addStaff(t, 'Bob', 'seller', '5678');
    const err = expectError(await sell(till), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/sign in/i);
    expectError(
      await t.call('PATCH', `/v2/attendees/${order.tickets[0]!.attendee_id}`, { name: 'X' }, till),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    expect((await t.call('GET', `/v2/orders/${order.id}`, undefined, till)).statusCode).toBe(200);
    expect((await t.call('GET', '/v2/orders', undefined, till)).statusCode).toBe(200);
    const token = await signIn(t, till, '5678');
    expect((await sell(till, asStaff(token))).statusCode).toBe(200);
    // Deactivating the last member turns sign-in off again.
    const staff = (await t.call('GET', '/v2/staff')).json() as { data: StaffJson[] };
    await t.call('DELETE', `/v2/staff/${staff.data[0]!.id}`);
    expect((await sell(till)).statusCode).toBe(200);
  });

  it('a refusal is not kept for an Idempotency-Key: the same key works once someone signs in', async () => {
    await addStaff(t, 'Bob', 'seller', '5678');
    const key = { 'idempotency-key': 'sale-1' };
    expectError(await sell(till, key), 403, 'permission_error', 'staff_sign_in_required');
    const token = await signIn(t, till, '5678');
    const first = await sell(till, { ...key, ...asStaff(token) });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await sell(till, { ...key, ...asStaff(token) });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('refunds, voids and payouts need a manager (403 insufficient_role), whatever the key', async () => {
    await addStaff(t, 'Ann', 'manager', '1234');
    await addStaff(t, 'Bob', 'seller', '5678');
    const bob = asStaff(await signIn(t, till, '5678'));
    const err = expectError(await refund(till, bob), 403, 'permission_error', 'insufficient_role');
    expect(err.message).toMatch(/Bob is signed in as seller.*manager/);
    const ticket = order.tickets[0]!.id;
    expectError(
      await t.call('POST', `/v2/tickets/${ticket}/void`, {}, till, bob),
      403,
      'permission_error',
      'insufficient_role',
    );
    // On the admin key too, when a seller is the one signed in there.
    const bobAtDesk = asStaff(await signIn(t, adminSecret, '5678'));
    expectError(await refund(adminSecret, bobAtDesk), 403, 'permission_error', 'insufficient_role');
    expectError(
      await t.call('POST', '/v2/payouts', { event_id: sale.eventId }, adminSecret, bobAtDesk),
      403,
      'permission_error',
      'insufficient_role',
    );
    const ann = asStaff(await signIn(t, till, '1234'));
    expect((await refund(till, ann)).statusCode).toBe(200);
    expect(
      (await t.call('POST', `/v2/tickets/${ticket}/void`, { refund: false }, till, ann)).statusCode,
    ).toBe(200);
    // The admin key without anyone signed in works as today.
    expect((await t.call('POST', '/v2/payouts', { event_id: sale.eventId })).statusCode).toBe(200);
  });

  it('admin work through an admin key needs a manager when someone is signed in there', async () => {
    await addStaff(t, 'Ann', 'manager', '1234');
    await addStaff(t, 'Bob', 'seller', '5678');
    const bobAtDesk = asStaff(await signIn(t, adminSecret, '5678'));
    const annAtDesk = asStaff(await signIn(t, adminSecret, '1234'));
    const newStaff = { name: 'Cy', role: 'door', pin: '1357' };
    expectError(
      await t.call('POST', '/v2/staff', newStaff, adminSecret, bobAtDesk),
      403,
      'permission_error',
      'insufficient_role',
    );
    expect((await t.call('POST', '/v2/staff', newStaff, adminSecret, annAtDesk)).statusCode).toBe(200);
  });

  it('door staff check guests in but cannot sell', async () => {
    await addStaff(t, 'Dee', 'door', '2468');
    const dee = asStaff(await signIn(t, till, '2468'));
    expectError(await sell(till, dee), 403, 'permission_error', 'insufficient_role');
    const admitted = await t.call(
      'POST',
      `/v2/tickets/${order.tickets[0]!.id}/check_in`,
      { reason: 'Name on the list' },
      till,
      dee,
    );
    expect(admitted.statusCode, admitted.body).toBe(200);
  });

  it('an ended session is refused with staff_sign_in_required saying why: expired, signed out, other till', async () => {
    await addStaff(t, 'Bob', 'seller', '5678');
    const token = await signIn(t, till, '5678');
    const otherTill = await createKey(t, 'box_office');
    let err = expectError(
      await sell(otherTill, asStaff(token)),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    expect(err.message).toMatch(/another till/);
    // An ended session on an admin key is refused too, not taken as "nobody".
    t.clock.advance(12 * 3600);
    err = expectError(await sell(till, asStaff(token)), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/12 hours/);
    expectError(await sell(adminSecret, asStaff(token)), 403, 'permission_error', 'staff_sign_in_required');

    const fresh = await signIn(t, till, '5678');
    const out = await t.call('POST', '/v2/staff/sign_out', undefined, till, asStaff(fresh));
    expect(out.json()).toEqual({ signed_out: true });
    err = expectError(await sell(till, asStaff(fresh)), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/signed out/);
    expect((await t.call('POST', '/v2/staff/sign_out', {}, till, asStaff(fresh))).json()).toEqual({
      signed_out: false,
    });
    // Reads with a stale token still answer.
    expect((await t.call('GET', `/v2/orders/${order.id}`, undefined, till, asStaff(fresh))).statusCode).toBe(
      200,
    );
  });

  it('a seller deactivated mid-shift is refused at once, by name; nothing is written; the shift waits', async () => {
    await addStaff(t, 'Ann', 'manager', '1234');
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const bobToken = asStaff(await signIn(t, till, '5678'));
    const opened = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 5_000, currency: 'usd' },
      till,
      bobToken,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const shift = opened.json() as { id: string };
    const ordersBefore = (await t.call('GET', '/v2/orders')).json() as { data: unknown[] };

    await t.call('DELETE', `/v2/staff/${bob.id}`);
    const err = expectError(await sell(till, bobToken), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/Bob has been deactivated/);
    const ordersAfter = (await t.call('GET', '/v2/orders')).json() as { data: unknown[] };
    expect(ordersAfter.data).toHaveLength(ordersBefore.data.length);

    // The manager closes the departed seller's shift at that till; it still names who opened it.
    const ann = asStaff(await signIn(t, till, '1234'));
    const closed = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 5_000 },
      till,
      ann,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as { shift: { opened_by: string } }).shift.opened_by).toBe(bob.id);
    // Past shifts and the shift itself name people, the departed seller too, not stf_ ids.
    const named = { opened_by: bob.id, opened_by_name: 'Bob', closed_by_name: 'Ann' };
    const past = (await t.call('GET', '/v2/shifts?status=closed', undefined, till)).json() as {
      data: unknown[];
    };
    expect(past.data).toEqual([expect.objectContaining(named)]);
    expect((await t.call('GET', `/v2/shifts/${shift.id}`, undefined, till)).json()).toMatchObject(named);
  });

  it('a member reactivated next week does not get their old sign-ins back', async () => {
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const token = asStaff(await signIn(t, till, '5678'));
    await t.call('DELETE', `/v2/staff/${bob.id}`);
    t.clock.advance(7 * 24 * 3600);
    const back = await t.call('PATCH', `/v2/staff/${bob.id}`, { active: true });
    expect(back.statusCode, back.body).toBe(200);
    // Within 12 hours of a sign-in the old token would still be in date: deactivation ended it.
    const again = asStaff(await signIn(t, till, '5678'));
    await t.call('PATCH', `/v2/staff/${bob.id}`, { active: false });
    await t.call('PATCH', `/v2/staff/${bob.id}`, { active: true });
    const err = expectError(await sell(till, again), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/Bob's sign-in here has ended/);
    expectError(await sell(till, token), 403, 'permission_error', 'staff_sign_in_required');
    expect((await sell(till, asStaff(await signIn(t, till, '5678')))).statusCode).toBe(200);
  });

  it('a PIN reset signs the member out everywhere; a role lowered refuses their next refund at once', async () => {
    const ann = await addStaff(t, 'Ann', 'manager', '1234');
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const bobToken = asStaff(await signIn(t, till, '5678'));
    const annToken = asStaff(await signIn(t, till, '1234'));
    expect((await t.call('PATCH', `/v2/staff/${bob.id}`, { pin: '8765' })).statusCode).toBe(200);
    // The till's poll reads why before any write (the till goes back to its keypad saying it).
    const polled = (await t.call('GET', '/v2/staff/session', undefined, till, bobToken)).json();
    const refused = expectError(
      await sell(till, bobToken),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    expect(polled).toMatchObject({ staff: null, ended: refused.message });
    expect(refused.message).toMatch(/^Bob's sign-in here has ended/);
    // Asked with no token, or a live one, there is nothing ended to say.
    expect((await t.call('GET', '/v2/staff/session', undefined, till, annToken)).json()).not.toHaveProperty(
      'ended',
    );
    expect((await sell(till, asStaff(await signIn(t, till, '8765')))).statusCode).toBe(200);

    // A rename or a role change leaves the session running; the role counts from the next request.
    expect((await t.call('PATCH', `/v2/staff/${ann.id}`, { role: 'seller' })).statusCode).toBe(200);
    const err = expectError(await refund(till, annToken), 403, 'permission_error', 'insufficient_role');
    expect(err.message).toMatch(/Ann is signed in as seller/);
    expect((await sell(till, annToken)).statusCode).toBe(200);
  });

  it('sign-in purges sessions expired over a day ago; live and recently ended ones stay', async () => {
    await addStaff(t, 'Bob', 'seller', '5678');
    await addStaff(t, 'Cy', 'seller', '4321');
    const stored = () =>
      t.app.ctx.db.prepare('SELECT expires_at FROM staff_sessions').all() as { expires_at: number }[];
    const old = await signIn(t, till, '5678');
    // Just expired: refused, and still known, so the till is told why.
    t.clock.advance(12 * 3600);
    let err = expectError(await sell(till, asStaff(old)), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/12 hours/);
    t.clock.advance(18 * 3600);
    const live = await signIn(t, till, '4321');
    expect(stored()).toHaveLength(2);

    // A day after it expired, the next sign-in removes the old session; the live one stays.
    t.clock.advance(6 * 3600);
    const later = await signIn(t, till, '5678');
    const rows = stored();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.expires_at > t.clock.ms)).toBe(true);
    err = expectError(await sell(till, asStaff(old)), 403, 'permission_error', 'staff_sign_in_required');
    expect(err.message).toMatch(/not known/);
    expect((await sell(till, asStaff(live))).statusCode).toBe(200);
    expect((await sell(till, asStaff(later))).statusCode).toBe(200);
  });
});
