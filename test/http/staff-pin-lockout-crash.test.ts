import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, spawnServer, killedAfterEach, okJson } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();

// The real server process killed with SIGKILL right after answering a wrong PIN: no shutdown code
// runs, so whatever the store holds was committed before the answer went out.
describe('kill -9 after a till is locked out', () => {
  it('the store already holds the lockout the last 401 started', async () => {
    run.dataDir = tempDataDir('marquee-pin-crash-');
    run.server = await spawnServer(run.dataDir);
    const till = await okJson<{ id: string; secret: string }>(
      api(run.server.url, '/v2/api_keys', 'POST', { name: 'Till 1', scope: 'box_office' }),
    );
    await okJson(api(run.server.url, '/v2/staff', 'POST', { name: 'Ann', role: 'manager', pin: '1234' }));
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${run.server.url}/v2/staff/sign_in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${till.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pin: `000${i}` }),
      });
      expect(res.status).toBe(401);
    }
    await run.server.kill9();
    run.server = undefined;

    const db = new Database(join(run.dataDir, 'marquee.db'));
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
