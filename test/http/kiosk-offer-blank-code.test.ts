import { afterEach, describe, expect, it } from 'vitest';
import { jsonOverHttp } from '../support/http-client.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

/**
 * CONTRACT.md "Scopes (amended)" writes the kiosk's offer as `GET /v2/events/{id}/offer?access_code=`:
 * the public tiers, plus the tiers a correct code unlocks. A blank code field — the query as
 * written there, or a form sent with nothing typed — asks for the public offer; it was 400
 * "access_code cannot be empty".
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface OfferJson {
  tiers: { name: string; unlocked: boolean; access_code: string | null }[];
}

describe("a kiosk's offer with a blank access code", () => {
  it('is the public offer, over real HTTP, while a wrong code is still refused', async () => {
    t = await makeTestApp();
    const { eventId } = await publishedEvent(t);
    const vip = await t.call('POST', `/v2/events/${eventId}/tiers`, {
      name: 'Friends',
      price_cents: 1000,
      quantity: 10,
      visibility: 'access_code',
      access_code: 'FRIENDS-2026',
    });
    expect(vip.statusCode, vip.body).toBe(200);
    const key = (await t.call('POST', '/v2/api_keys', { name: 'Lobby kiosk', scope: 'kiosk' })).json() as {
      secret: string;
    };
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const offer = (query: string) =>
      jsonOverHttp<OfferJson>(base, `/v2/events/${eventId}/offer${query}`, 'GET', undefined, key.secret);

    const blank = await offer('?access_code=');
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body).toEqual((await offer('')).body);
    expect(blank.body.tiers.map((tier) => tier.name)).toEqual(['General admission']);

    const unlocked = await offer('?access_code=FRIENDS-2026');
    expect(unlocked.body.tiers.map((tier) => [tier.name, tier.unlocked, tier.access_code])).toEqual([
      ['General admission', false, null],
      ['Friends', true, null],
    ]);
    const wrong = await offer('?access_code=friends');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { code: 'invalid_access_code', param: 'access_code' } });
  });
});
