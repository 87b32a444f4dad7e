import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { adminSecret, tempDataDir, TestClock, testOptions } from '../support/test-app.js';

// A person at a locked-out till who restarts the server (or the desktop app, which runs it) must
// not get fresh PIN guesses: the lockout is in the store. Real HTTP on loopback, a real SQLite
// file, the server closed and built again on the same data dir and clock.
let dataDir: string;
let clock: TestClock;
let app: FastifyInstance | undefined;
let url: string;

async function start(): Promise<void> {
  app = await buildApp(testOptions(dataDir, { now: clock.now }));
  // listen() answers with the address it bound, e.g. http://127.0.0.1:40123.
  url = await app.listen({ host: '127.0.0.1', port: 0 });
}

async function restart(): Promise<void> {
  await app!.close();
  await start();
}

beforeEach(async () => {
  dataDir = tempDataDir('marquee-pin-restart-');
  clock = new TestClock();
  await start();
});
afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(path: string, body: unknown, key = adminSecret): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function created<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const newTill = async (name: string): Promise<string> =>
  (await created<{ secret: string }>(await post('/v2/api_keys', { name, scope: 'box_office' }))).secret;

const signIn = (till: string, pin: string): Promise<Response> => post('/v2/staff/sign_in', { pin }, till);

/** 429 rate_limited on `pin`, asking the till to wait `seconds`. */
async function expectLockedOut(res: Response, seconds: number): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
  expect(await res.json()).toEqual({
    error: {
      type: 'rate_limit_error',
      code: 'rate_limited',
      message: `Too many wrong staff PINs from this key: try again in ${seconds} s.`,
      param: 'pin',
    },
  });
}

describe('staff PIN lockout across a restart', () => {
  it('a locked-out till is still refused after the server restarts, until its lockout ends; other tills are not', async () => {
    const till = await newTill('Till 1');
    const otherTill = await newTill('Till 2');
    await created(await post('/v2/staff', { name: 'Ann', role: 'manager', pin: '1234' }));
    for (let i = 0; i < 5; i++) expect((await signIn(till, `000${i}`)).status).toBe(401);
    await expectLockedOut(await signIn(till, '1234'), 30);

    await restart();
    // The right PIN waits out the lockout too, as before the restart.
    await expectLockedOut(await signIn(till, '1234'), 30);
    expect((await signIn(otherTill, '1234')).status).toBe(200);

    clock.advance(30);
    // The count survived as well: the next wrong PIN locks for twice as long.
    expect((await signIn(till, '0005')).status).toBe(401);
    await restart();
    await expectLockedOut(await signIn(till, '1234'), 60);
    clock.advance(60);
    expect((await signIn(till, '1234')).status).toBe(200);
  }, 60_000);
});
