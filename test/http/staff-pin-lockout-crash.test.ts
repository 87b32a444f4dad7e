import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

let server: SpawnedServer | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await server?.kill9();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

async function ok<T>(res: Promise<Response>): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return JSON.parse(text) as T;
}

// The real server process killed with SIGKILL right after answering a wrong PIN: no shutdown code
// runs, so whatever the store holds was committed before the answer went out.
describe('kill -9 after a till is locked out', () => {
  it('the store already holds the lockout the last 401 started', async () => {
    dataDir = tempDataDir('marquee-pin-crash-');
    server = await spawnServer(dataDir);
    const till = await ok<{ id: string; secret: string }>(
      api(server.url, '/v2/api_keys', 'POST', { name: 'Till 1', scope: 'box_office' }),
    );
    await ok(api(server.url, '/v2/staff', 'POST', { name: 'Ann', role: 'manager', pin: '1234' }));
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/v2/staff/sign_in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${till.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pin: `000${i}` }),
      });
      expect(res.status).toBe(401);
    }
    await server.kill9();
    server = undefined;

    const db = new Database(join(dataDir, 'marquee.db'));
    try {
      const row = db
        .prepare(
          'SELECT wrong, lockouts, locked_until - last_wrong_at AS lockout_ms FROM pin_guesses WHERE api_key_id = ?',
        )
        .get(till.id);
      expect(row).toEqual({ wrong: 5, lockouts: 1, lockout_ms: 30_000 });
    } finally {
      db.close();
    }
  }, 120_000);
});
