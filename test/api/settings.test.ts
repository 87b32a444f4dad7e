import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey } from '../support/foundation-fixtures.js';
import { makeTestApp, restartTestApp, type TestApp } from '../support/test-app.js';

/** The zone this test process runs in: the server's own, which new events default to. */
const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Backups from Settings › Backup go to the test app's own folder (test-app.ts) until one is set. */
const defaultBackupFolder = () => `${t.dataDir}-backups`;
/** Everything GET /v2/settings answers for a venue of that name that changed nothing else. */
const freshSettings = (venueName: string) => ({
  venue_name: venueName,
  kiosk_attendant_pin_set: false,
  staff_idle_minutes: 5,
  venue_timezone: machineZone,
  server_timezone: machineZone,
  backup_folder: defaultBackupFolder(),
  auto_backup: true,
  last_auto_backup: null,
  restored_from: null,
  mail_server: null,
});

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ venueName: 'The Roxy' });
});
afterEach(async () => {
  await t.close();
});

describe('GET/PATCH /v2/settings', () => {
  it('starts from the MARQUEE_VENUE_NAME option', async () => {
    const res = await t.call('GET', '/v2/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(freshSettings('The Roxy'));
  });

  it('renames the venue, trimmed, and answers the new settings', async () => {
    const res = await t.call('PATCH', '/v2/settings', { venue_name: '  Blue Note  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(freshSettings('Blue Note'));
    expect((await t.call('GET', '/v2/settings')).json()).toEqual(freshSettings('Blue Note'));
  });

  it('keeps the name in the store across restarts, over the start option', async () => {
    await t.call('PATCH', '/v2/settings', { venue_name: 'Blue Note' });
    t = await restartTestApp(t, { venueName: 'Something else' });
    expect((await t.call('GET', '/v2/settings')).json()).toEqual(freshSettings('Blue Note'));
  });

  it('refuses a blank, an over-long or an unknown field with the field as param', async () => {
    const blank = await t.call('PATCH', '/v2/settings', { venue_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { code: 'invalid_field', param: 'venue_name' } });

    const long = await t.call('PATCH', '/v2/settings', { venue_name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'venue_name' } });

    const unknown = await t.call('PATCH', '/v2/settings', { venue: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { type: 'invalid_request_error' } });

    expect((await t.call('GET', '/v2/settings')).json()).toEqual(freshSettings('The Roxy'));
  });

  it("answers the server's own time zone but takes no change to it", async () => {
    const till = await createKey(t, 'box_office');
    expect((await t.call('GET', '/v2/settings', undefined, till)).json()).toMatchObject({
      server_timezone: machineZone,
      mail_server: null,
    });
    const refused = await t.call('PATCH', '/v2/settings', { server_timezone: 'Asia/Tokyo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await t.call('GET', '/v2/settings')).json()).toMatchObject({ server_timezone: machineZone });
  });

  it('keeps the idle sign-out time a till reads, within 1–240 minutes', async () => {
    const res = await t.call('PATCH', '/v2/settings', { staff_idle_minutes: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ staff_idle_minutes: 15 });
    const till = await createKey(t, 'box_office');
    expect((await t.call('GET', '/v2/settings', undefined, till)).json()).toMatchObject({
      staff_idle_minutes: 15,
    });
    for (const bad of [0, 241, 2.5, '10']) {
      const refused = await t.call('PATCH', '/v2/settings', { staff_idle_minutes: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { param: 'staff_idle_minutes' } });
    }
    expect((await t.call('GET', '/v2/settings')).json()).toMatchObject({ staff_idle_minutes: 15 });
  });

  it('lets a box-office key read but not change them', async () => {
    const till = await createKey(t, 'box_office');
    expect((await t.call('GET', '/v2/settings', undefined, till)).statusCode).toBe(200);
    const res = await t.call('PATCH', '/v2/settings', { venue_name: 'Mine' }, till);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    const scanner = await createKey(t, 'scanner');
    expect((await t.call('GET', '/v2/settings', undefined, scanner)).statusCode).toBe(403);
    expect((await t.call('GET', '/v2/settings', undefined, null)).statusCode).toBe(401);
  });
});

describe('mail_server in GET /v2/settings', () => {
  // Words that must never leave the server: the user name and password in MARQUEE_SMTP_URL.
  const user = 'venue-mailer';
  const password = 's3cret-Pa55';

  async function settingsWith(smtpUrl: string): Promise<{ body: string; json: unknown }> {
    const app = await makeTestApp({ smtpUrl });
    try {
      const res = await app.call('GET', '/v2/settings');
      expect(res.statusCode).toBe(200);
      return { body: res.body, json: res.json() };
    } finally {
      await app.close();
    }
  }

  it('names host, port, TLS and that there is a login, never the user name or password', async () => {
    const { body, json } = await settingsWith(`smtp://${user}:${password}@smtp.example.com:587`);
    expect(json).toMatchObject({
      mail_server: { host: 'smtp.example.com', port: 587, secure: false, login: true },
    });
    expect(body).not.toContain(user);
    expect(body).not.toContain(password);
  });

  it('reads smtps:// as TLS and a URL without port or login as nodemailer connects', async () => {
    expect((await settingsWith('smtps://mail.example.org')).json).toMatchObject({
      mail_server: { host: 'mail.example.org', port: 465, secure: true, login: false },
    });
    expect((await settingsWith('smtp://127.0.0.1:2525')).json).toMatchObject({
      mail_server: { host: '127.0.0.1', port: 2525, secure: false, login: false },
    });
  });

  it('is null without MARQUEE_SMTP_URL, and a PATCH naming it is refused without a change', async () => {
    expect((await t.call('GET', '/v2/settings')).json()).toMatchObject({ mail_server: null });
    const refused = await t.call('PATCH', '/v2/settings', {
      venue_name: 'Blue Note',
      mail_server: { host: 'evil.example', port: 25, secure: false, login: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await t.call('GET', '/v2/settings')).json()).toMatchObject({
      venue_name: 'The Roxy',
      mail_server: null,
    });
  });
});
