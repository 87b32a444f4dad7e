import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeEach(async () => {
  t = await makeTestApp();
});

afterEach(async () => {
  await t.close();
});

async function publishedAt(doorsInMs: number, title: string): Promise<string> {
  const created = await t.call('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: new Date(t.clock.ms + doorsInMs).toISOString(),
  });
  const id = (created.json() as { id: string }).id;
  await t.call('POST', `/v2/events/${id}/publish`);
  return id;
}

async function pairingFor(
  body: Record<string, unknown>,
): Promise<{ pairing_token: string; event_id: string | null }> {
  const res = await t.call('POST', '/v2/devices/pairing', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { pairing_token: string; event_id: string | null };
}

const count = (sql: string): number => t.app.ctx.db.prepare(sql).pluck().get() as number;

describe('pairing a door', () => {
  it('defaults to the current event: the published one whose doors open nearest to now', async () => {
    expect((await pairingFor({})).event_id).toBeNull();
    await publishedAt(3 * 86_400_000, 'Next week');
    const tonight = await publishedAt(2 * 3_600_000, 'Tonight');
    await publishedAt(-20 * 3_600_000, 'Yesterday');
    const draft = await t.call('POST', '/v2/events', {
      title: 'Draft',
      venue: 'Main hall',
      doors_at: new Date(t.clock.ms + 60_000).toISOString(),
    });
    expect(draft.statusCode).toBe(200);
    expect((await pairingFor({})).event_id).toBe(tonight);
    expect((await pairingFor({ scope: 'scanner' })).event_id).toBe(tonight);
    // null: any event; a till or kiosk is never pinned by default.
    expect((await pairingFor({ event_id: null })).event_id).toBeNull();
    expect((await pairingFor({ scope: 'box_office' })).event_id).toBeNull();
    const paired = await t.call(
      'POST',
      '/v2/devices/pair',
      { pairing_token: (await pairingFor({})).pairing_token, name: 'Door 1' },
      null,
    );
    expect((paired.json() as { device: { event_id: string } }).device.event_id).toBe(tonight);
  });

  it('a code for another kind of device is refused before anything is made, and still pairs the right one', async () => {
    const { pairing_token } = await pairingFor({ scope: 'box_office' });
    const keysBefore = count('SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL');
    const refused = await t.call(
      'POST',
      '/v2/devices/pair',
      { pairing_token, name: 'Door 9', scope: 'scanner' },
      null,
    );
    const error = expectError(refused, 400, 'invalid_request_error', 'pairing_scope_mismatch', 'scope');
    expect(error.message).toMatch(/box office till.*not a door scanner/);
    expect(count('SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL')).toBe(keysBefore);
    expect(count('SELECT COUNT(*) FROM devices')).toBe(0);
    const right = await t.call(
      'POST',
      '/v2/devices/pair',
      { pairing_token, name: 'Till 2', scope: 'box_office' },
      null,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect((right.json() as { device: { scope: string } }).device.scope).toBe('box_office');
  });
});
