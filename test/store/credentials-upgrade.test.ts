import * as jose from 'jose';
import { describe, expect, it } from 'vitest';
import { oldEventSql, oldTierSql, upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

describe('a store from before ticket credentials (schema 6) upgrades', () => {
  it('its tiers take paper, its tickets get passes from issued_at, its scans were rotating codes', async () => {
    const issuedAt = Date.parse('2026-11-20T10:00:00.500Z');
    const { db: old } = upgrades.oldStore('marquee-upgrade-', { upTo: 6 });
    old.exec(`
      ${oldEventSql}
      ${oldTierSql(1)}
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

    const { call } = await upgrades.upgrade();
    const get = async (url: string) => (await call('GET', url)).json();
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
