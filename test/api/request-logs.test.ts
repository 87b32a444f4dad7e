/**
 * The request logs as production writes them (pino at `info`, the same options, the same
 * destination class), read back line by line: credentials in URLs are masked, a caller's
 * x-request-id is kept only when short and plain, and no secret the API handed out appears.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../support/captured-log.js';
import { createKey } from '../support/foundation-fixtures.js';
import { buy, saleEvent } from '../support/sales-fixtures.js';
import { pairDevice } from '../support/scan-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let lines: string[];

beforeEach(async () => {
  const log = capturedLog();
  lines = log.lines;
  t = await makeTestApp({ logLevel: 'info', logDestination: log.logDestination });
});

afterEach(async () => {
  await t.close();
});

interface LogLine {
  reqId?: string;
  msg: string;
  req?: { method: string; url: string };
}

const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const urlsLogged = () => parsed().flatMap((line) => (line.req ? [line.req.url] : []));

function expectNowhere(secrets: string[]): void {
  const text = lines.join('');
  for (const secret of secrets)
    expect(text, `a log line carries ${secret.slice(0, 8)}…`).not.toContain(secret);
}

describe('request logs', () => {
  it('mask the wallet secret in every /w/ path and keep the rest of the URL', async () => {
    const order = await buy(t, await saleEvent(t));
    const walletPath = new URL(order.tickets[0]!.wallet_url).pathname;
    const secret = walletPath.split('/')[2]!;
    for (const suffix of ['', '/qr.png', '/token', '/strip'])
      await t.call('GET', `${walletPath}${suffix}`, undefined, null);

    expect(urlsLogged()).toEqual(
      expect.arrayContaining([
        '/w/[redacted]',
        '/w/[redacted]/qr.png',
        '/w/[redacted]/token',
        '/w/[redacted]/strip',
      ]),
    );
    expectNowhere([secret, order.tickets[0]!.qr_token, adminSecret]);
  });

  it('mask stream tokens, access codes and keys in query strings', async () => {
    const issued = await t.call('POST', '/v2/scans/stream_token', {});
    expect(issued.statusCode, issued.body).toBe(200);
    const { stream_token: token, url } = issued.json() as { stream_token: string; url: string };
    // HEAD answers at once instead of holding the feed open.
    const opened = await t.call('HEAD', url, undefined, null);
    expect(opened.statusCode).toBe(200);
    await t.call('GET', `/v2/scans/stream?key=${adminSecret}`, undefined, null);
    await t.call('GET', '/v2/events?access_code=VIP-SECRET-2026');

    expect(urlsLogged()).toEqual(
      expect.arrayContaining([
        '/v2/scans/stream?stream_token=[redacted]',
        '/v2/scans/stream?key=[redacted]',
        '/v2/events?access_code=[redacted]',
      ]),
    );
    expectNowhere([token, adminSecret, 'VIP-SECRET-2026']);
  });

  it('never carry a secret the API handed out: keys, pairing tokens, webhook secrets, staff PINs and sessions', async () => {
    const key = await createKey(t, 'box_office');
    const pairing = (await t.call('POST', '/v2/devices/pairing', {})).json() as { pairing_token: string };
    const device = await pairDevice(t);
    const endpoint = await t.call('POST', '/v2/webhook_endpoints', {
      url: 'http://127.0.0.1:9/hook',
      events: ['*'],
    });
    const whsec = (endpoint.json() as { secret: string }).secret;
    expect(whsec).toMatch(/^whsec_/);
    // A wrong key is a secret too (a typo of a real one, often).
    await t.call('GET', '/v2/events', undefined, 'sk_live_wrongwrongwrongwrongwrong01');
    // A path that is not a route, with a key in it.
    await t.call('GET', `/v2/nothing/${key}`);
    // A staff PIN and the session it opens, sent as the Marquee-Staff header and in a path.
    await t.call('POST', '/v2/staff', { name: 'Bob', role: 'seller', pin: '80417236' });
    const signIn = await t.call('POST', '/v2/staff/sign_in', { pin: '80417236' }, key);
    const staffToken = (signIn.json() as { session_token: string }).session_token;
    await t.call('GET', '/v2/orders', undefined, key, { 'marquee-staff': staffToken });
    await t.call('GET', `/v2/nothing/${staffToken}`);

    expect(lines.length).toBeGreaterThan(10);
    expectNowhere([
      key,
      pairing.pairing_token,
      device.secret,
      whsec,
      adminSecret,
      'sk_live_wrongwrongwrongwrongwrong01',
      '80417236',
      staffToken,
    ]);
    expect(urlsLogged()).toContain('/v2/nothing/[redacted]');
  });
});

describe('request ids', () => {
  it('keep a short plain x-request-id in the answer and in every line of the request', async () => {
    const res = await t.call('GET', '/v2/health', undefined, null, { 'x-request-id': 'till-7.abc_1' });
    expect(res.headers['x-request-id']).toBe('till-7.abc_1');
    const mine = parsed().filter((line) => line.reqId === 'till-7.abc_1');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replace a long, odd or credential-shaped one with an id of their own', async () => {
    for (const given of ['x'.repeat(65), 'a b"}\n{"forged":1', adminSecret]) {
      const res = await t.call('GET', '/v2/health', undefined, null, { 'x-request-id': given });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^req-[0-9a-z]+-[0-9a-z]+$/);
      expect(parsed().filter((line) => line.reqId === id)).toHaveLength(2);
    }
    expectNowhere([adminSecret, 'forged', 'x'.repeat(65)]);
  });

  it('are unique across restarts: the first request after one is not another req-1', async () => {
    const ids = async (app: TestApp) =>
      Promise.all(
        [1, 2, 3].map(
          async () => (await app.call('GET', '/v2/health', undefined, null)).headers['x-request-id'],
        ),
      );
    const before = await ids(t);
    const restarted = await makeTestApp();
    try {
      const after = await ids(restarted);
      expect(new Set([...before, ...after]).size).toBe(6);
      // A start tags all its own ids alike, and another start differently.
      const tag = (id: unknown) => String(id).split('-')[1];
      expect(new Set(before.map(tag)).size).toBe(1);
      expect(tag(after[0])).not.toBe(tag(before[0]));
    } finally {
      await restarted.close();
    }
  });
});
