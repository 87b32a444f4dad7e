import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/test-app.js';

const devOrigin = 'http://localhost:5173';
let withDev: TestApp;
let plain: TestApp;

beforeAll(async () => {
  withDev = await makeTestApp({ devOrigin });
  plain = await makeTestApp();
});
afterAll(async () => {
  await withDev.close();
  await plain.close();
});

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/v2/events',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('CORS for the Vite dev server under npm run dev', () => {
  it('answers the dev origin’s preflight before authentication', async () => {
    const res = await preflight(withDev, devOrigin);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(devOrigin);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('lets the dev origin read answers, refusals included', async () => {
    const ok = await withDev.call('GET', '/v2/events', undefined, undefined, { origin: devOrigin });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(devOrigin);
    const read = await withDev.app.inject({
      method: 'GET',
      url: '/v2/events',
      headers: { origin: devOrigin },
    });
    expect(read.statusCode).toBe(401);
    expect(read.headers['access-control-allow-origin']).toBe(devOrigin);
  });

  it('says nothing to any other origin, and nothing at all without a dev origin', async () => {
    const other = await preflight(withDev, 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.statusCode).toBe(404);
    const off = await preflight(plain, devOrigin);
    expect(off.headers['access-control-allow-origin']).toBeUndefined();
    expect(off.statusCode).toBe(404);
  });
});
