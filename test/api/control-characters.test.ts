import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTier } from '../support/foundation-fixtures.js';
import {
  expectInvalidOverHttp,
  listenOnLoopback,
  type HttpAnswer,
  type HttpCall,
} from '../support/http-client.js';
import { buy, makeSaleTestApp, orderBody, type Sale } from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
let call: HttpCall;
let eventId: string;
let attendeeId: string;
let orderId: string;

beforeAll(async () => {
  ({ t, sale } = await makeSaleTestApp({ outbox: false }));
  eventId = (await createEvent(t)).id;
  await createTier(t, eventId);
  const order = await buy(t, sale);
  orderId = order.id;
  const attendees = (await t.call('GET', `/v2/attendees?event_id=${sale.eventId}`)).json() as {
    data: { id: string }[];
  };
  attendeeId = attendees.data[0]!.id;
  call = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

let staffAdded = 0;

// NUL, other C0 controls, DEL and a C1 control, inside otherwise ordinary text.
const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085'];

/** Each name or title field, as the request that sets it with `text`, and the `param` that names it. */
const nameFields: [string, (text: string) => Promise<HttpAnswer>][] = [
  [
    'title',
    (text) => call('/v2/events', 'POST', { title: text, venue: 'Hall', doors_at: '2026-12-24T19:00:00Z' }),
  ],
  ['venue', (text) => call(`/v2/events/${eventId}`, 'PATCH', { venue: text })],
  [
    'name',
    (text) => call(`/v2/events/${eventId}/tiers`, 'POST', { name: text, price_cents: 0, quantity: 5 }),
  ],
  [
    'buyer.name',
    (text) => call('/v2/orders', 'POST', orderBody(sale, { buyer: { name: text, email: 'a@example.com' } })),
  ],
  ['name', (text) => call(`/v2/attendees/${attendeeId}`, 'PATCH', { name: text })],
  ['name', (text) => call('/v2/api_keys', 'POST', { name: text, scope: 'box_office' })],
  // A PIN of its own each time: a second member with the same PIN is refused (409 pin_in_use).
  [
    'name',
    (text) => call('/v2/staff', 'POST', { name: text, role: 'seller', pin: String(4821 + staffAdded++) }),
  ],
  ['venue_name', (text) => call('/v2/settings', 'PATCH', { venue_name: text })],
];

describe('control characters in names and titles', () => {
  it.each(nameFields)('refuses them in %s, naming the field', async (param, send) => {
    for (const control of controls) {
      const answer = await send(`Night${control}show`);
      expectInvalidOverHttp(answer, param);
      expect((answer.body as { error: { message: string } }).error.message).toMatch(/control characters/);
    }
  });

  it.each(nameFields)(
    'refuses %s of only white space in words, as it refuses an empty one',
    async (param, send) => {
      for (const blank of ['   ', '\t', '\r\n', '\u3000', ' \u00a0 ']) {
        const answer = await send(blank);
        expectInvalidOverHttp(answer, param);
        expect((answer.body as { error: { message: string } }).error.message).toBe(
          `${param} cannot be blank.`,
        );
      }
      // White space around a name is the name's own business (and CSV exports keep it).
      expect((await send('  Spaced  ')).status).toBe(200);
    },
  );

  it('keeps no half-written change', async () => {
    const before = (await call(`/v2/events/${eventId}`)).body as { venue: string };
    expectInvalidOverHttp(await call(`/v2/events/${eventId}`, 'PATCH', { venue: 'A\u0000B' }), 'venue');
    expect((await call(`/v2/events/${eventId}`)).body).toMatchObject({ venue: before.venue });
  });

  it('still takes tab and line breaks there, as the contract does (CSV exports quote them)', async () => {
    // venue_name is one line (below).
    for (const [param, send] of nameFields.filter(([param]) => param !== 'venue_name')) {
      const answer = await send('Night\tshow\r\nlate');
      expect(answer.status, `${param}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('still takes ordinary text from any script, emoji and punctuation', async () => {
    for (const text of ['Ünïcödé — “Gala” & Co.', 'Сцена №1', '東京ドーム', 'שרה כהן', '🎷 Jazz · 20:00']) {
      const answer = await call(`/v2/events/${eventId}`, 'PATCH', { venue: text });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ venue: text });
    }
  });
});

/** Where a backup_folder sent by these tests goes: beside the test app's own backups, removed with it. */
const backupFolder = (name: string) => join(`${t.dataDir}-backups`, name);

/** The one-line settings, as the request that sets each with `text`. */
const oneLineFields: [string, (text: string) => Promise<HttpAnswer>][] = [
  ['venue_name', (text) => call('/v2/settings', 'PATCH', { venue_name: `Night${text}show` })],
  ['backup_folder', (text) => call('/v2/settings', 'PATCH', { backup_folder: backupFolder(`nl${text}x`) })],
];

// Line breaks (U+2028/2029 too), tab, the other controls, and the bidi overrides and isolates.
const notOneLine = ['\n', '\r', '\r\n', '\t', '\u2028', '\u2029', ...controls];
const bidiControls = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('one-line settings: the venue name and the backup folder', () => {
  it.each(oneLineFields)(
    'refuses line breaks, control and text-direction characters in %s',
    async (param, send) => {
      for (const refused of [...notOneLine, ...bidiControls]) {
        const answer = await send(refused);
        expectInvalidOverHttp(answer, param);
        expect((answer.body as { error: { message: string } }).error.message).toBe(
          `${param} must be one line, without line breaks, tabs, other control characters or text-direction overrides.`,
        );
      }
      const settings = (await call('/v2/settings')).body as Record<string, unknown>;
      expect(settings.venue_name).not.toMatch(/Night.show/);
      expect(settings.backup_folder).toBe(`${t.dataDir}-backups`);
      // Refused before any folder was made.
      expect(existsSync(backupFolder('nl\nx'))).toBe(false);
    },
  );

  it('still takes one line in any script, right-to-left ones included', async () => {
    for (const name of ['Blue Note', 'Ünïcödé — “Gala” & Co.', 'שרה כהן', 'مسرح', '東京ドーム 🎷']) {
      const venue = await call('/v2/settings', 'PATCH', { venue_name: name });
      expect(venue.status, JSON.stringify(venue.body)).toBe(200);
      expect(venue.body).toMatchObject({ venue_name: name });
      const folder = await call('/v2/settings', 'PATCH', { backup_folder: backupFolder(name) });
      expect(folder.status, JSON.stringify(folder.body)).toBe(200);
      expect(folder.body).toMatchObject({ backup_folder: backupFolder(name) });
    }
    expect((await call('/v2/settings', 'PATCH', { backup_folder: null })).status).toBe(200);
  });
});

describe('control characters in notes and descriptions', () => {
  it('takes tab and line breaks in a webhook description and a refund note', async () => {
    const created = await call('/v2/webhook_endpoints', 'POST', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['*'],
      description: 'Line one\n\tLine two\r\n',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const refund = await call(`/v2/orders/${orderId}/refund`, 'POST', { note: 'Asked twice\nat the door' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  });

  it('refuses the other control characters there', async () => {
    for (const control of ['\u0000', '\u0008', '\u000b', '\u001b', '\u007f']) {
      expectInvalidOverHttp(
        await call('/v2/webhook_endpoints', 'POST', {
          url: 'http://127.0.0.1:9/hooks',
          events: ['*'],
          description: `Bad${control}text`,
        }),
        'description',
      );
    }
  });
});
