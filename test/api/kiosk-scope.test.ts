import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scopes, seesAccessCodes } from '../../src/server/domain/api-keys.js';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import type { OrderJson } from '../support/sales-fixtures.js';
import { pairDevice } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

/** The kiosk scope's own rules (CONTRACT.md "Scopes (amended)", docs/api.md "The kiosk scope"). */

let t: TestApp;
let kiosk: string;
let eventId: string;
let tiers: { open: string; members: string; press: string; later: string; gone: string };
const code = 'JAZZ24';
const customer = { name: 'Kim', email: 'kim@example.com' };

interface OfferJson {
  object: 'offer';
  event: { id: string; status: string };
  tiers: {
    id: string;
    name: string;
    access_code: null;
    unlocked: boolean;
    sale_state: string;
    available: number;
    visibility: string;
  }[];
  has_access_code_tiers: boolean;
  kiosk_attendant_pin_set: boolean;
}

beforeEach(async () => {
  t = await makeTestApp();
  kiosk = await createKey(t, 'kiosk');
  const created = await t.call('POST', '/v2/events', {
    title: 'Late Night Jazz',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [
      { name: 'Standard', price_cents: 2500, quantity: 50 },
      { name: 'Members', price_cents: 1500, quantity: 20, visibility: 'access_code', access_code: code },
      { name: 'Press', price_cents: 0, quantity: 10, visibility: 'unlisted' },
      { name: 'Late', price_cents: 3000, quantity: 5, sale_starts_at: '2026-12-01T00:00:00Z' },
      { name: 'Gone', price_cents: 1000, quantity: 0 },
    ],
  });
  eventId = (created.json() as { id: string }).id;
  await t.call('POST', `/v2/events/${eventId}/publish`);
  const list = (await t.call('GET', `/v2/events/${eventId}/tiers`)).json() as { data: { id: string }[] };
  const [open, members, press, later, gone] = list.data.map((tier) => tier.id) as string[];
  tiers = { open: open!, members: members!, press: press!, later: later!, gone: gone! };
});
afterEach(async () => {
  await t.close();
});

const offer = (query = '', key = kiosk) =>
  t.call('GET', `/v2/events/${eventId}/offer${query}`, undefined, key);

const kioskOrder = (body: Record<string, unknown>, key = kiosk) =>
  t.call(
    'POST',
    '/v2/orders',
    {
      event_id: eventId,
      items: [{ tier_id: tiers.open, quantity: 1 }],
      buyer: customer,
      payment_method: 'card',
      ...body,
    },
    key,
  );

describe('keys and pairing', () => {
  it('creates kiosk keys through the API and pairs a kiosk device with a kiosk key', async () => {
    const paired = await pairDevice(t, { scope: 'kiosk', name: 'Lobby kiosk' });
    expect(paired.device.scope).toBe('kiosk');
    const keys = (await t.call('GET', '/v2/api_keys')).json() as { data: { name: string; scope: string }[] };
    expect(keys.data.filter((key) => key.scope === 'kiosk').map((key) => key.name)).toEqual([
      'kiosk key',
      'device: Lobby kiosk',
    ]);
    // The paired key is a kiosk like any other: it reads the offer, not the tier list.
    expect((await offer('', paired.secret)).statusCode).toBe(200);
    expectError(
      await t.call('GET', `/v2/events/${eventId}/tiers`, undefined, paired.secret),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });
});

describe('who sees access codes', () => {
  it('admin and box office keys only; every other key gets null wherever a tier is shown', async () => {
    expect(scopes.filter(seesAccessCodes)).toEqual(['admin', 'box_office']);
    const till = await createKey(t, 'box_office');
    const tier = (await t.call('GET', `/v2/tiers/${tiers.members}`, undefined, till)).json() as {
      access_code: string | null;
    };
    expect(tier.access_code).toBe(code);
    // The kiosk's only view of tiers is the offer, which never carries a code.
    const offered = (await offer(`?access_code=${code}`)).json() as OfferJson;
    expect(offered.tiers.map((t) => t.access_code)).toEqual([null, null, null, null]);
  });
});

describe('events a kiosk sees', () => {
  it('lists published events only, paging over the others', async () => {
    const draft = (
      await t.call('POST', '/v2/events', { title: 'Draft', venue: 'Hall', doors_at: '2026-12-25T19:00:00Z' })
    ).json() as { id: string };
    const second = (
      await t.call('POST', '/v2/events', { title: 'Second', venue: 'Hall', doors_at: '2026-12-26T19:00:00Z' })
    ).json() as { id: string };
    await t.call('POST', `/v2/events/${second.id}/publish`);
    const first = (await t.call('GET', '/v2/events?limit=1', undefined, kiosk)).json() as {
      data: { id: string }[];
      next_cursor: string;
    };
    expect(first.data.map((e) => e.id)).toEqual([eventId]);
    const rest = (
      await t.call('GET', `/v2/events?limit=1&cursor=${first.next_cursor}`, undefined, kiosk)
    ).json() as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(rest.data.map((e) => e.id)).toEqual([second.id]);
    expect(rest.has_more).toBe(false);
    expectError(
      await t.call('GET', `/v2/events/${draft.id}`, undefined, kiosk),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    // Staff still see every event.
    expect(((await t.call('GET', '/v2/events')).json() as { data: unknown[] }).data).toHaveLength(3);
  });
});

describe('GET /v2/events/{id}/offer', () => {
  it('offers the public tiers with their sale state, and says a code could unlock more', async () => {
    const res = await offer();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OfferJson;
    expect(body.object).toBe('offer');
    expect(body.event.id).toBe(eventId);
    expect(body.has_access_code_tiers).toBe(true);
    expect(body.tiers.map((tier) => [tier.name, tier.sale_state, tier.available, tier.unlocked])).toEqual([
      ['Standard', 'on_sale', 50, false],
      ['Late', 'not_yet', 5, false],
      ['Gone', 'sold_out', 0, false],
    ]);
  });

  it('adds the tier a correct code unlocks, never showing any code', async () => {
    const res = await offer(`?access_code=${code}`);
    expect(res.body).not.toContain(code);
    const body = res.json() as OfferJson;
    expect(body.tiers.map((tier) => [tier.name, tier.unlocked, tier.access_code])).toEqual([
      ['Standard', false, null],
      ['Members', true, null],
      ['Late', false, null],
      ['Gone', false, null],
    ]);
    // Not even to a key that may read codes elsewhere: the offer is what a customer sees.
    const staff = await offer(`?access_code=${code}`, await createKey(t, 'box_office'));
    expect(staff.body).not.toContain(code);
  });

  it('refuses a wrong code (case-sensitive) with 400 invalid_access_code, unlocking nothing', async () => {
    for (const wrong of ['WRONG', code.toLowerCase(), `${code} `]) {
      const res = await offer(`?access_code=${encodeURIComponent(wrong)}`);
      const error = expectError(res, 400, 'invalid_request_error', 'invalid_access_code', 'access_code');
      expect(error.message).not.toContain(code);
    }
  });

  it('answers every tier of a not-yet-on-sale event as event_not_on_sale', async () => {
    const later = (
      await t.call('POST', '/v2/events', {
        title: 'Spring',
        venue: 'Hall',
        doors_at: '2027-04-01T19:00:00Z',
        on_sale_at: '2027-01-01T00:00:00Z',
        tickets: [{ name: 'Standard', price_cents: 2500 }],
      })
    ).json() as { id: string };
    await t.call('POST', `/v2/events/${later.id}/publish`);
    const body = (await t.call('GET', `/v2/events/${later.id}/offer`, undefined, kiosk)).json() as OfferJson;
    expect(body.tiers.map((tier) => tier.sale_state)).toEqual(['event_not_on_sale']);
    expect(body.has_access_code_tiers).toBe(false);
  });

  it('shows a kiosk published events only; staff may look at a draft', async () => {
    const draft = (
      await t.call('POST', '/v2/events', {
        title: 'Draft',
        venue: 'Hall',
        doors_at: '2026-12-25T19:00:00Z',
        tickets: [{ name: 'Standard', price_cents: 2500 }],
      })
    ).json() as { id: string };
    expectError(
      await t.call('GET', `/v2/events/${draft.id}/offer`, undefined, kiosk),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    const staff = (await t.call('GET', `/v2/events/${draft.id}/offer`)).json() as OfferJson;
    expect(staff.tiers.map((tier) => tier.sale_state)).toEqual(['event_not_on_sale']);
    // Its checkout says no more than the event read: unknown, not "not published yet".
    const draftTier = (
      (await t.call('GET', `/v2/events/${draft.id}/tiers`)).json() as { data: { id: string }[] }
    ).data[0]!.id;
    expectError(
      await kioskOrder({ event_id: draft.id, items: [{ tier_id: draftTier, quantity: 1 }] }),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
  });
});

describe('guessing access codes', () => {
  it('locks a key out after 10 wrong codes in 10 minutes (429, Retry-After), counting checkout too', async () => {
    for (let i = 0; i < 9; i++) expect((await offer(`?access_code=GUESS${i}`)).statusCode).toBe(400);
    // The tenth wrong guess comes through checkout: it is the same secret.
    const viaCheckout = await kioskOrder({
      items: [{ tier_id: tiers.members, quantity: 1 }],
      access_code: 'GUESS9',
    });
    expectError(viaCheckout, 400, 'invalid_request_error', 'invalid_access_code', 'access_code');

    for (const attempt of [
      offer(`?access_code=${code}`),
      kioskOrder({ items: [{ tier_id: tiers.members, quantity: 1 }], access_code: code }),
    ]) {
      const locked = await attempt;
      expectError(locked, 429, 'rate_limit_error', 'rate_limited', 'access_code');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    // Without a code nothing is being guessed: the public offer still answers.
    expect((await offer()).statusCode).toBe(200);
    // Another key has its own count.
    expect((await offer(`?access_code=${code}`, await createKey(t, 'kiosk'))).statusCode).toBe(200);

    t.clock.advance(600);
    expect((await offer(`?access_code=${code}`)).statusCode).toBe(200);
  });
});

describe('checking out at a kiosk', () => {
  it('takes card and external payments for public and unlocked tiers, recording the key', async () => {
    const card = await kioskOrder({});
    expect(card.statusCode, card.body).toBe(200);
    const external = await kioskOrder({
      payment_method: 'external',
      items: [{ tier_id: tiers.members, quantity: 2 }],
      access_code: code,
    });
    expect(external.statusCode, external.body).toBe(200);
    expect((external.json() as OrderJson).total_cents).toBe(3000);
    const keys = (await t.call('GET', '/v2/api_keys')).json() as { data: { id: string; scope: string }[] };
    const kioskKeyId = keys.data.find((key) => key.scope === 'kiosk')?.id;
    const recorded = t.app.ctx.db.prepare('SELECT api_key_id FROM orders ORDER BY seq').all();
    expect(recorded).toEqual([{ api_key_id: kioskKeyId }, { api_key_id: kioskKeyId }]);
  });

  it('refuses cash and comp (403 insufficient_scope, param payment_method) and takes no stock', async () => {
    for (const method of ['cash', 'comp']) {
      const res = await kioskOrder({
        payment_method: method,
        items: [{ tier_id: tiers.open, quantity: 10 }],
      });
      const error = expectError(res, 403, 'permission_error', 'insufficient_scope', 'payment_method');
      expect(error.message).toMatch(/card or external/);
    }
    const tier = (await t.call('GET', `/v2/tiers/${tiers.open}`)).json() as { sold: number };
    expect(tier.sold).toBe(0);
    expect(t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 0 });
  });

  it('refuses unlisted tiers (403) and code tiers without their code (400), where staff may sell them', async () => {
    expectError(
      await kioskOrder({ items: [{ tier_id: tiers.press, quantity: 1 }] }),
      403,
      'permission_error',
      'insufficient_scope',
      'items[0].tier_id',
    );
    expectError(
      await kioskOrder({ items: [{ tier_id: tiers.members, quantity: 1 }] }),
      400,
      'invalid_request_error',
      'invalid_access_code',
      'access_code',
    );
    const till = await createKey(t, 'box_office');
    expect((await kioskOrder({ items: [{ tier_id: tiers.press, quantity: 1 }] }, till)).statusCode).toBe(200);
  });
});

describe('reading back its own orders and tickets', () => {
  it('answers its own order and tickets; another key’s are 403 insufficient_scope; an unknown id is 404', async () => {
    const own = (await kioskOrder({})).json() as OrderJson;
    const ticketId = own.tickets[0]!.id;
    expect((await t.call('GET', `/v2/orders/${own.id}`, undefined, kiosk)).statusCode).toBe(200);
    const ticket = await t.call('GET', `/v2/tickets/${ticketId}`, undefined, kiosk);
    expect(ticket.statusCode, ticket.body).toBe(200);

    const other = await createKey(t, 'kiosk');
    expectError(
      await t.call('GET', `/v2/orders/${own.id}`, undefined, other),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await t.call('GET', `/v2/tickets/${ticketId}`, undefined, other),
      403,
      'permission_error',
      'insufficient_scope',
    );

    const till = await createKey(t, 'box_office');
    const sold = (await kioskOrder({}, till)).json() as OrderJson;
    expectError(
      await t.call('GET', `/v2/orders/${sold.id}`, undefined, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await t.call('GET', `/v2/tickets/${sold.tickets[0]!.id}`, undefined, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    // An id nobody has is unknown, whoever asks.
    expectError(
      await t.call('GET', '/v2/orders/ord_doesnotexist00000000', undefined, kiosk),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectError(
      await t.call('GET', '/v2/tickets/tik_doesnotexist00000000', undefined, kiosk),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    // The refusal names neither the buyer nor the key that placed it.
    const refused = await t.call('GET', `/v2/orders/${sold.id}`, undefined, kiosk);
    expect(refused.body).not.toContain(customer.name);
    expect(refused.body).not.toContain(customer.email);
    expect(refused.body).not.toContain(till);
    // Staff read every order, the kiosk's included.
    expect((await t.call('GET', `/v2/orders/${own.id}`, undefined, till)).statusCode).toBe(200);
  });

  it('treats orders from before migration 007 (no key recorded) as not its own', async () => {
    const own = (await kioskOrder({})).json() as OrderJson;
    t.app.ctx.db.prepare('UPDATE orders SET api_key_id = NULL').run();
    expectError(
      await t.call('GET', `/v2/orders/${own.id}`, undefined, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });
});

describe('the attendant PIN', () => {
  const check = (pin: string, key = kiosk) => t.call('POST', '/v2/kiosk/attendant_check', { pin }, key);

  it('is 409 attendant_pin_not_set until an admin sets one', async () => {
    expectError(await check('1234'), 409, 'conflict_error', 'attendant_pin_not_set');
  });

  it('is said to a kiosk on the offer as set or not, never as the PIN or its hash', async () => {
    expect(((await offer()).json() as OfferJson).kiosk_attendant_pin_set).toBe(false);
    await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: '482913' });
    const told = await offer();
    expect(told.statusCode).toBe(200);
    expect((told.json() as OfferJson).kiosk_attendant_pin_set).toBe(true);
    const stored = t.app.ctx.db
      .prepare("SELECT value FROM settings WHERE key = 'kiosk_attendant_pin'")
      .get() as {
      value: string;
    };
    const [, salt = '', hash = ''] = stored.value.split('$');
    for (const secret of ['482913', salt, hash, 'scrypt$']) expect(told.body).not.toContain(secret);
    // The kiosk's key still reads no settings: the offer's flag is all it learns.
    expectError(
      await t.call('GET', '/v2/settings', undefined, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: null });
    expect(((await offer()).json() as OfferJson).kiosk_attendant_pin_set).toBe(false);
  });

  it('is set by an admin (4–8 digits), stored hashed, never answered, and checked for kiosks', async () => {
    for (const bad of ['123', '123456789', 'abcd', '12 34'])
      expectError(
        await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: bad }),
        400,
        'invalid_request_error',
        'invalid_field',
        'kiosk_attendant_pin',
      );
    const set = await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: '482913' });
    expect(set.json()).toMatchObject({ kiosk_attendant_pin_set: true });
    expect(set.body).not.toContain('482913');
    const stored = t.app.ctx.db
      .prepare("SELECT value FROM settings WHERE key = 'kiosk_attendant_pin'")
      .get() as {
      value: string;
    };
    expect(stored.value).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored.value).not.toContain('482913');

    expectError(await check('000000'), 400, 'invalid_request_error', 'invalid_attendant_pin', 'pin');
    expect((await check('482913')).json()).toEqual({ ok: true });
    // A box-office key has no kiosk to approve.
    expectError(
      await check('482913', await createKey(t, 'box_office')),
      403,
      'permission_error',
      'insufficient_scope',
    );

    const cleared = await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: null });
    expect(cleared.json()).toMatchObject({ kiosk_attendant_pin_set: false });
    expectError(await check('482913'), 409, 'conflict_error', 'attendant_pin_not_set');
  });

  it('locks a kiosk out after 5 wrong PINs in 15 minutes, even for the right one', async () => {
    await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: '4829' });
    for (let i = 0; i < 5; i++) expect((await check(`000${i}`)).statusCode).toBe(400);
    const locked = await check('4829');
    expectError(locked, 429, 'rate_limit_error', 'rate_limited', 'pin');
    expect(Number(locked.headers['retry-after'])).toBe(900);
    t.clock.advance(15 * 60);
    expect((await check('4829')).statusCode).toBe(200);
  });

  it('holds a burst of guesses sent at once to the same 5 wrong before the lockout', async () => {
    await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: '4829' });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => check(String(5000 + i))));
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});
