import * as jose from 'jose';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openStore } from '../../src/server/store/db.js';
import { adminSecret, tempDataDir, testOptions, TestClock } from '../support/test-app.js';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

let dir: string;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('a store from before ticket credentials (schema 6) upgrades', () => {
  it('its tiers take paper, its tickets get passes from issued_at, its scans were rotating codes', async () => {
    dir = tempDataDir('marquee-upgrade-');
    const issuedAt = Date.parse('2026-11-20T10:00:00.500Z');
    const old = openStore(join(dir, 'marquee.db'), { upTo: 6 });
    old.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('evt_old00000000000000000', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0,
          'published', 'usd', 0, 0);
      INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
        created_at, updated_at) VALUES ('tkt_old00000000000000000', 'evt_old00000000000000000', 'GA', 100, 'usd',
          10, 1, 10, 'public', 0, 0);
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, currency, payment_method,
        created_at, updated_at) VALUES ('ord_old00000000000000000', 'evt_old00000000000000000', 'paid', 'A',
          'a@example.test', 100, 'usd', 'cash', 0, 0);
      INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at)
        VALUES ('atd_old00000000000000000', 'evt_old00000000000000000', 'ord_old00000000000000000',
          'tik_old00000000000000000', 'A', 'a@example.test', 0, 0);
      INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, price_cents,
        wallet_secret, issued_at, updated_at) VALUES ('tik_old00000000000000000', 'ord_old00000000000000000',
          'evt_old00000000000000000', 'tkt_old00000000000000000', 'atd_old00000000000000000', 'active', 0, 100,
          'old-secret-0000000000000000', ${issuedAt}, 0);
      INSERT INTO scans (id, event_id, ticket_id, result, direction, scanned_at, created_at, source)
        VALUES ('scn_old00000000000000000', 'evt_old00000000000000000', NULL, 'rejected', 'in', 0, 0, 'online');
    `);
    old.close();

    const clock = new TestClock();
    app = await buildApp(testOptions(dir, { now: clock.now }));
    const get = async (url: string) =>
      (await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminSecret}` } })).json();
    expect(await get('/v2/tiers/tkt_old00000000000000000')).toMatchObject({ paper_pass: true });
    const ticket = (await get('/v2/tickets/tik_old00000000000000000')) as { paper_pass: string };
    const jwks = (await get('/v2/scan/jwks')) as jose.JSONWebKeySet;
    const { payload } = await jose.compactVerify(ticket.paper_pass, jose.createLocalJWKSet(jwks));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({
      sub: 'tik_old00000000000000000',
      iat: Math.floor(issuedAt / 1000),
      exp: Date.parse('2026-12-25T19:00:00Z') / 1000,
    });
    const scans = (await get('/v2/scans')) as { data: { credential: string }[] };
    expect(scans.data.map((scan) => scan.credential)).toEqual(['rotating']);
  });
});
