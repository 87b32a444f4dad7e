import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../../src/server/app.js';
import { countRows, eventBody, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const auth = { authorization: `Bearer ${adminSecret}` };

describe('request bodies', () => {
  it('refuses malformed JSON with 400 invalid_json and writes nothing', async () => {
    for (const text of ['{bad', '{"title": "x",}', '{"title": "x"', "{'title': 'x'}"]) {
      const res = await t.call('POST', '/v2/events', text);
      expectError(res, 400, 'invalid_request_error', 'invalid_json');
    }
    expect(countRows(t, 'events')).toBe(0);
  });

  it('refuses a JSON body that is not an object', async () => {
    for (const text of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await t.call('POST', '/v2/events', text);
      const error = expectInvalid(res);
      expect(error.message).toMatch(/JSON object/);
    }
  });

  it('treats an empty application/json body as no body on bodiless POSTs', async () => {
    const created = (await t.call('POST', '/v2/events', eventBody)).json() as { id: string };
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/events/${created.id}/publish`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, status: 'published' });
  });

  it('answers 413 payload_too_large for a body over 1 MiB', async () => {
    const body = JSON.stringify({ ...eventBody, title: 'x'.repeat(bodyLimitBytes) });
    expect(Buffer.byteLength(body)).toBeGreaterThan(bodyLimitBytes);
    const res = await t.call('POST', '/v2/events', body);
    expectError(res, 413, 'invalid_request_error', 'payload_too_large');
    expect(countRows(t, 'events')).toBe(0);
  });

  it('accepts a body just under 1 MiB (it reaches validation, not the size check)', async () => {
    const tickets = Array.from({ length: 100 }, (_, i) => ({
      name: `Tier ${i} ${'n'.repeat(190)}`,
      price_cents: i,
    }));
    const body = JSON.stringify({ ...eventBody, tickets });
    const padded = body.slice(0, -1) + ' '.repeat(bodyLimitBytes - 1000 - body.length) + '}';
    expect(Buffer.byteLength(padded)).toBeLessThan(bodyLimitBytes);
    expect(Buffer.byteLength(padded)).toBeGreaterThan(bodyLimitBytes - 2000);
    const res = await t.call('POST', '/v2/events', padded);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 415 unsupported_media_type for bodies that are not JSON', async () => {
    for (const contentType of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/events',
        headers: { ...auth, 'content-type': contentType },
        payload: JSON.stringify(eventBody),
      });
      expectError(res, 415, 'invalid_request_error', 'unsupported_media_type');
    }
    const untyped = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: auth,
      payload: JSON.stringify(eventBody),
    });
    expect(untyped.statusCode).toBe(415);
    expect(countRows(t, 'events')).toBe(0);
  });

  it('accepts application/json with a charset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(eventBody),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a body that is not UTF-8 rather than storing a name with its letters replaced', async () => {
    const typed = { ...eventBody, title: 'Zoë Brontë live' };
    const post = (payload: Buffer, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/v2/events',
        headers: { ...auth, 'content-type': contentType },
        payload,
      });
    for (const contentType of ['application/json', 'application/json; charset=iso-8859-1']) {
      const res = await post(Buffer.from(JSON.stringify(typed), 'latin1'), contentType);
      const error = expectError(res, 400, 'invalid_request_error', 'invalid_json');
      expect(error.message).toMatch(/not valid UTF-8/);
    }
    expect(countRows(t, 'events')).toBe(0);

    // The same text as UTF-8 keeps its letters, and ASCII labelled Latin-1 is the same bytes.
    const utf8 = await post(Buffer.from(JSON.stringify(typed), 'utf8'));
    expect(utf8.statusCode, utf8.body).toBe(200);
    expect(utf8.json()).toMatchObject({ title: 'Zoë Brontë live' });
    const ascii = await post(
      Buffer.from(JSON.stringify(eventBody), 'latin1'),
      'application/json; charset=latin1',
    );
    expect(ascii.statusCode, ascii.body).toBe(200);
  });

  it('refuses half of a surrogate pair naming its field, rather than answering one name and storing another', async () => {
    // What a shop written in JavaScript sends for a name cut in the middle of an emoji. Taken, the
    // answer and the webhook repeated the escape (Ruby's and PHP's JSON parsers refuse it) while
    // the store kept U+FFFD.
    const cut =
      `{"title":"Night show","venue":"Main hall","doors_at":"${eventBody.doors_at}",` +
      `"tickets":[{"name":"GA \\ud83c","price_cents":100}]}`;
    expectError(
      await t.call('POST', '/v2/events', cut),
      400,
      'invalid_request_error',
      'invalid_field',
      'tickets[0].name',
    );
    const lowHalf = `{"title":"\\uDE80 launch","venue":"Main hall","doors_at":"${eventBody.doors_at}"}`;
    const error = expectError(
      await t.call('POST', '/v2/events', lowHalf),
      400,
      'invalid_request_error',
      'invalid_field',
      'title',
    );
    expect(error.message).toMatch(/surrogate pair/);
    expect(countRows(t, 'events')).toBe(0);

    // A whole pair spelled as escapes is the emoji, and a backslash escaped before "ud83d" is text.
    const whole = `{"title":"\\ud83c\\udfb5 live","venue":"\\\\ud83d","doors_at":"${eventBody.doors_at}"}`;
    const res = await t.call('POST', '/v2/events', whole);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: '🎵 live', venue: '\\ud83d' });
  });

  it('refuses a compressed body as an unsupported encoding, not as a charset problem', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: { ...auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(eventBody)),
    });
    const error = expectError(res, 415, 'invalid_request_error', 'unsupported_media_type');
    expect(error.message).toMatch(/compressed/);
    expect(countRows(t, 'events')).toBe(0);
    const identity = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: { ...auth, 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: JSON.stringify(eventBody),
    });
    expect(identity.statusCode, identity.body).toBe(200);
  });

  it('refuses prototype-poisoning keys rather than merging them, naming the key (the body is valid JSON)', async () => {
    const event = `"title":"x","venue":"y","doors_at":"${eventBody.doors_at}"`;
    const bodies = [
      [`{${event},"__proto__":{"admin":true}}`, '__proto__'],
      [`{${event},"tickets":[{"name":"A"},{"name":"B","__proto__":null}]}`, 'tickets[1].__proto__'],
      [`{${event},"constructor":{"prototype":{"admin":true}}}`, 'constructor.prototype'],
    ] as const;
    for (const [body, param] of bodies) {
      const error = expectError(
        await t.call('POST', '/v2/events', body),
        400,
        'invalid_request_error',
        'invalid_json',
        param,
      );
      expect(error.message).toContain(`The field ${param} is not allowed`);
      expect(error.message).not.toMatch(/not valid JSON/);
    }
    expect(countRows(t, 'events')).toBe(0);
    // Broken JSON is still said to be broken, with no field to name.
    const broken = expectError(
      await t.call('POST', '/v2/events', `{${event},"__proto__":`),
      400,
      'invalid_request_error',
      'invalid_json',
    );
    expect(broken.message).toBe('The request body is not valid JSON.');
    // A plain field called constructor is only an unknown field.
    expectError(
      await t.call('POST', '/v2/events', `{${event},"constructor":"x"}`),
      400,
      'invalid_request_error',
      'invalid_field',
      'constructor',
    );
  });
});

describe('query parameters', () => {
  it('refuses one a keyed route does not take, as the lists do, and changes nothing', async () => {
    const event = (await t.call('POST', '/v2/events', eventBody)).json() as { id: string };
    expectInvalid(await t.call('GET', `/v2/events/${event.id}?expand=tiers`), 'expand');
    expectInvalid(await t.call('POST', `/v2/events/${event.id}/publish?dry_run=true`), 'dry_run');
    expect(((await t.call('GET', `/v2/events/${event.id}`)).json() as { status: string }).status).toBe(
      'draft',
    );
    expectInvalid(await t.call('GET', '/v2/events?expand=tiers'), 'expand');
  });

  it('lets the public routes ignore them (monitors and caches add their own)', async () => {
    expect((await t.call('GET', '/v2/health?probe=1', undefined, null)).statusCode).toBe(200);
    expect((await t.call('GET', '/v2/scan/jwks?v=2', undefined, null)).statusCode).toBe(200);
  });
});

describe('unknown routes', () => {
  it('answers 404 route_not_found for unknown paths, with or without a key', async () => {
    for (const auth of [adminSecret, null]) {
      const res = await t.call('GET', '/v2/no_such_thing', undefined, auth);
      const error = expectError(res, 404, 'not_found_error', 'route_not_found');
      expect(error.message).toContain('/v2/no_such_thing');
    }
    expectError(await t.call('GET', '/v1/events'), 404, 'not_found_error', 'route_not_found');
  });

  it('answers 404 route_not_found for a known path with a method it does not take', async () => {
    expectError(await t.call('PUT', '/v2/events', eventBody), 404, 'not_found_error', 'route_not_found');
    expectError(await t.call('DELETE', '/v2/events/evt_x'), 404, 'not_found_error', 'route_not_found');
  });

  it('ignores a trailing slash on known routes', async () => {
    const res = await t.call('GET', '/v2/events/');
    expect(res.statusCode).toBe(200);
  });
});

describe('server errors', () => {
  it('answers 500 api_error without internal detail, quoting the request id', async () => {
    // Break the store under the running app: the failing query must not leak SQL to the client.
    t.app.ctx.db.exec('ALTER TABLE events RENAME TO events_gone');
    const res = await t.call('GET', '/v2/events');
    const error = expectError(res, 500, 'api_error', 'internal_error');
    expect(error.message).not.toMatch(/sqlite|table|events_gone|SELECT/i);
    expect(error.message).toContain(String(res.headers['x-request-id']));
  });
});

describe('request ids', () => {
  it('echoes a caller-supplied x-request-id and makes one otherwise', async () => {
    const given = await t.call('GET', '/v2/health', undefined, null, { 'x-request-id': 'till-7-abc' });
    expect(given.headers['x-request-id']).toBe('till-7-abc');
    const a = await t.call('GET', '/v2/health', undefined, null);
    const b = await t.call('GET', '/v2/health', undefined, null);
    expect(a.headers['x-request-id']).toBeTruthy();
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('carries the request id on refusals too', async () => {
    const res = await t.call('GET', '/v2/events', undefined, null, { 'x-request-id': 'refused-1' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('refused-1');
  });
});
