import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { answerCarriesCredential, credentialFields } from '../../src/server/http/sealed-answers.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

/**
 * "Keys are stored hashed; the secret is shown once" (CONTRACT.md) holds for the answers kept
 * for Idempotency-Key replays too (found by the integrator walkthrough: a new API key's secret
 * sat in plain text in idempotency_keys for 24 h). Over real HTTP on a real SQLite file: the
 * secrets a retry can be answered with are nowhere in the store's files, and the caller's own
 * retry still replays them byte for byte, also after a restart.
 */

let dataDir: string;
let app: FastifyInstance;
let baseUrl: string;

async function start(): Promise<void> {
  app = await buildApp(testOptions(dataDir));
  // listen() answers with the address it bound, e.g. http://127.0.0.1:40123.
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
}

beforeEach(async () => {
  dataDir = tempDataDir();
  await start();
});
afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function post(path: string, body: unknown, key: string, secret: string | null = adminSecret) {
  const answer = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: answer.status,
    replayed: answer.headers.get('idempotent-replayed'),
    text: await answer.text(),
  };
}

/** Every byte SQLite keeps for the store: the database file and its write-ahead log. */
function storeBytes(): string {
  const files = ['marquee.db', 'marquee.db-wal'].map((name) => join(dataDir, name)).filter(existsSync);
  expect(files.length).toBeGreaterThan(0);
  return files.map((file) => readFileSync(file).toString('latin1')).join('');
}

describe('answers kept for Idempotency-Key replays', () => {
  it('keep no API key secret, staff session or paired device key where a copy of the store could read it', async () => {
    const created = await post('/v2/api_keys', { name: 'till', scope: 'box_office' }, 'new-key');
    expect(created.status).toBe(200);
    const till = (JSON.parse(created.text) as { secret: string }).secret;

    expect((await post('/v2/staff', { name: 'Ada', role: 'seller', pin: '4821' }, 'staff')).status).toBe(200);
    const signIn = await post('/v2/staff/sign_in', { pin: '4821' }, 'sign-in', till);
    expect(signIn.status).toBe(200);
    const session = (JSON.parse(signIn.text) as { session_token: string }).session_token;

    const pairing = await post('/v2/devices/pairing', { scope: 'scanner' }, 'pairing');
    const token = (JSON.parse(pairing.text) as { pairing_token: string }).pairing_token;
    const paired = await post('/v2/devices/pair', { pairing_token: token, name: 'Door 1' }, 'pair', null);
    expect(paired.status).toBe(200);
    const door = (JSON.parse(paired.text) as { api_key: { secret: string } }).api_key.secret;

    const stored = storeBytes();
    for (const [what, secret] of Object.entries({ till, session, door, token })) {
      expect(secret.length, what).toBeGreaterThan(15);
      expect(stored.includes(secret), `${what} is in the store's files`).toBe(false);
    }
  });

  it('replays them to the caller byte for byte, also after a restart', async () => {
    const created = await post('/v2/api_keys', { name: 'till', scope: 'box_office' }, 'k-replay');
    const pairing = await post('/v2/devices/pairing', { scope: 'scanner' }, 'p-replay');
    const token = (JSON.parse(pairing.text) as { pairing_token: string }).pairing_token;
    const pairBody = { pairing_token: token, name: 'Door 1' };
    const paired = await post('/v2/devices/pair', pairBody, 'd-replay', null);

    await app.close();
    await start();
    const again = await post('/v2/api_keys', { name: 'till', scope: 'box_office' }, 'k-replay');
    expect([again.status, again.replayed, again.text]).toEqual([200, 'true', created.text]);
    const pairedAgain = await post('/v2/devices/pair', pairBody, 'd-replay', null);
    expect([pairedAgain.status, pairedAgain.replayed, pairedAgain.text]).toEqual([200, 'true', paired.text]);

    // Another key's retry under the same Idempotency-Key is its own request, as before.
    const other = await post('/v2/api_keys', { name: 'door', scope: 'scanner' }, 'other');
    const otherSecret = (JSON.parse(other.text) as { secret: string }).secret;
    const refused = await post(
      '/v2/api_keys',
      { name: 'till', scope: 'box_office' },
      'k-replay',
      otherSecret,
    );
    expect(refused.status).toBe(403);
  });

  it('seals only answers that carry a credential: an order is kept as it was sent', async () => {
    const event = await post(
      '/v2/events',
      {
        title: 'Plain night',
        venue: 'Hall',
        doors_at: '2030-12-24T19:00:00+00:00',
        tickets: [{ name: 'GA', price_cents: 1000, quantity: 10 }],
      },
      'event',
    );
    expect(event.status).toBe(200);
    const keptEvent = app.ctx.db
      .prepare('SELECT response FROM idempotency_keys WHERE key = ?')
      .get('event') as { response: string };
    expect(keptEvent.response).toBe(event.text);
    expect(answerCarriesCredential(event.text)).toBe(false);
    expect(answerCarriesCredential('{"api_key":{"id":"key_1","secret":"sk_x"}}')).toBe(true);
  });
});

const openapi = JSON.parse(readFileSync(join(process.cwd(), 'src/shared/api/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: unknown;
};

/** Response fields of the OpenAPI document whose names say they hold something secret. */
function secretLookingAnswerFields(): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    for (const name of Object.keys(properties ?? {})) if (/secret|token|pin/i.test(name)) names.add(name);
    for (const child of Object.values(node)) walk(child);
  };
  for (const path of Object.values(openapi.paths)) {
    for (const operation of Object.values(path)) walk((operation as { responses?: unknown }).responses);
  }
  walk(openapi.components);
  return names;
}

describe('the credential fields that get an answer sealed', () => {
  it('name every secret-looking field an answer can have, but the ones a store copy reads anyway', () => {
    // Ticket codes are signed from what the store keeps and shown on a wallet page any copy of the
    // store opens (tickets.wallet_secret); the PIN fields are requests' (or a "set" flag).
    const readableAnyway = ['token', 'qr_token', 'pin', 'kiosk_attendant_pin', 'kiosk_attendant_pin_set'];
    const unsealed = [...secretLookingAnswerFields()].filter(
      (name) => !(credentialFields as readonly string[]).includes(name) && !readableAnyway.includes(name),
    );
    expect(unsealed).toEqual([]);
    for (const name of credentialFields) expect(secretLookingAnswerFields().has(name), name).toBe(true);
  });
});
