import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionContext, IdempotencyClaim } from '../../src/server/domain/action-context.js';
import { serverAction } from '../../src/server/domain/action-context.js';
import { ActionRunner, type ActionTx } from '../../src/server/domain/action-runner.js';
import { AuditRepo } from '../../src/server/store/audit-repo.js';
import { openStore, type Db } from '../../src/server/store/db.js';
import { IdempotencyRepo } from '../../src/server/store/idempotency-repo.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let db: Db;
let answers: IdempotencyRepo;
let runner: ActionRunner;
const now = () => 1_000_000;

beforeEach(() => {
  dir = tempDataDir('marquee-actions-');
  db = openStore(join(dir, 'marquee.db'));
  db.exec('CREATE TABLE t (n INTEGER NOT NULL UNIQUE)');
  answers = new IdempotencyRepo(db);
  runner = new ActionRunner(db, answers, now, new AuditRepo(db));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A change of row `n`, declared to the audit trail as every action's change must be. */
const insert = (n: number, tx: ActionTx) => {
  db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
  tx.audit({ action: 't.inserted', objectType: 't', objectId: `t_${n}`, data: { n } });
  return n;
};
const rows = () => (db.prepare('SELECT n FROM t ORDER BY n').all() as { n: number }[]).map((r) => r.n);
const asJson = (value: unknown) => JSON.stringify(value);

function keyed(key: string): ActionContext & { idempotency: IdempotencyClaim } {
  return {
    actor: { apiKeyId: 'key_a', deviceId: null, staffId: null },
    idempotency: {
      scope: 'key_a',
      key,
      requestHash: `hash-${key}`,
      written: false,
      seal: (answer) => answer,
    },
  };
}

describe('ActionRunner', () => {
  it('writes the answer under the key in the work’s transaction and says so after the commit', async () => {
    const action = keyed('k1');
    const answer = await runner.run(action, asJson, (tx) => {
      insert(1, tx);
      expect(action.idempotency.written).toBe(false);
      return { n: 1 };
    });
    expect(answer).toEqual({ value: { n: 1 }, json: '{"n":1}' });
    expect(action.idempotency.written).toBe(true);
    expect(answers.find('key_a', 'k1', 0)).toEqual({
      request_hash: 'hash-k1',
      status_code: 200,
      response: '{"n":1}',
    });
  });

  it('keeps neither the work nor the key when the work refuses, nor runs its after-commit effects', async () => {
    const action = keyed('k2');
    const effects: string[] = [];
    await expect(
      runner.run(action, asJson, (tx) => {
        insert(2, tx);
        tx.afterCommit(() => effects.push('ran'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(rows()).toEqual([]);
    expect(answers.find('key_a', 'k2', 0)).toBeUndefined();
    expect(action.idempotency.written).toBe(false);
    expect(effects).toEqual([]);
  });

  it('keeps neither when the answer cannot be serialized', async () => {
    const action = keyed('k3');
    const unserializable = (): string => {
      throw new Error('no JSON');
    };
    await expect(runner.run(action, unserializable, (tx) => insert(3, tx))).rejects.toThrow('no JSON');
    expect(rows()).toEqual([]);
    expect(answers.find('key_a', 'k3', 0)).toBeUndefined();
  });

  it('runs after-commit effects once the data is committed, in order, and sees the actor', async () => {
    const seen: unknown[] = [];
    await runner.run(keyed('k4'), asJson, (tx) => {
      insert(4, tx);
      seen.push(tx.actor.apiKeyId);
      tx.afterCommit(() => seen.push(db.inTransaction ? 'in transaction' : rows()));
      tx.afterCommit(() => seen.push('second'));
      return 4;
    });
    expect(seen).toEqual(['key_a', [4], 'second']);
  });

  it('writes no key without a claim, and replaces an expired answer under the same key', async () => {
    await runner.run(serverAction(), asJson, (tx) => insert(5, tx));
    expect((db.prepare('SELECT COUNT(*) AS n FROM idempotency_keys').get() as { n: number }).n).toBe(0);
    answers.save({ scope: 'key_a', key: 'old', requestHash: 'h', statusCode: 404, response: '{}', at: 1 });
    await runner.run(keyed('old'), asJson, (tx) => (insert(6, tx), 'new'));
    expect(answers.find('key_a', 'old', 0)).toMatchObject({ status_code: 200, response: '"new"' });
  });

  it('batches actions of one turn; each commits or rolls back alone, in both lanes', async () => {
    const results = await Promise.allSettled([
      runner.run(keyed('a'), asJson, (tx) => insert(10, tx)),
      runner.run(keyed('b'), asJson, (tx) => insert(10, tx)), // UNIQUE: this one alone fails
      runner.run(keyed('c'), asJson, (tx) => insert(11, tx), { lane: 'door' }),
      runner.run(keyed('d'), asJson, (tx) => insert(12, tx), { after: Promise.resolve() }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(rows()).toEqual([10, 11, 12]);
    expect(answers.find('key_a', 'b', 0)).toBeUndefined();
    expect(answers.find('key_a', 'd', 0)).toBeDefined();
    expect(
      audited()
        .map((row) => row.object_id)
        .sort(),
    ).toEqual(['t_10', 't_11', 't_12']);
  });
});

const audited = () =>
  db.prepare('SELECT * FROM audit_events ORDER BY seq').all() as {
    action: string;
    object_id: string;
    api_key_id: string | null;
    device_id: string | null;
    staff_id: string | null;
    at: number;
    data: string;
  }[];

describe('ActionRunner: the audit trail', () => {
  it('writes each declared change with the actor and time, in the work’s transaction', async () => {
    const action = keyed('a1');
    action.actor = { apiKeyId: 'key_a', deviceId: 'dev_b', staffId: 'stf_c' };
    await runner.run(action, asJson, (tx) => {
      insert(1, tx);
      // Visible inside the transaction already: it is written, not queued for later.
      expect(audited()).toHaveLength(1);
      return 1;
    });
    expect(audited()).toEqual([
      expect.objectContaining({
        action: 't.inserted',
        object_id: 't_1',
        api_key_id: 'key_a',
        device_id: 'dev_b',
        staff_id: 'stf_c',
        at: 1_000_000,
        data: '{"n":1}',
      }),
    ]);
  });

  it('keeps no audit row of a refused action', async () => {
    await expect(
      runner.run(keyed('a2'), asJson, (tx) => {
        insert(2, tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(audited()).toEqual([]);
  });

  it('refuses (and rolls back) a change declared to nobody, unless it says why it needs no row', async () => {
    await expect(
      runner.run(keyed('a3'), asJson, () => db.prepare('INSERT INTO t (n) VALUES (3)').run().changes),
    ).rejects.toThrow('without declaring an audit entry');
    expect(rows()).toEqual([]);
    await runner.run(keyed('a4'), asJson, () => db.prepare('INSERT INTO t (n) VALUES (4)').run().changes, {
      unaudited: 'a test of the escape hatch',
    });
    await runner.run(keyed('a5'), asJson, (tx) => (tx.unchanged(), 0));
    expect(rows()).toEqual([4]);
    expect(audited()).toEqual([]);
  });

  it('refuses an entry whose data names a secret, a PIN or a token', async () => {
    for (const name of [
      'secret',
      'pin',
      'qr_token',
      'session_token',
      'password',
      'secret_hash',
      'paper_pass',
    ]) {
      await expect(
        runner.run(keyed(`s-${name}`), asJson, (tx) =>
          tx.audit({ action: 'x.made', objectType: 'x', objectId: 'x_1', data: { [name]: 'value' } }),
        ),
      ).rejects.toThrow('may be a secret');
    }
    expect(audited()).toEqual([]);
  });

  it('can neither update nor delete a written row (the table’s triggers refuse)', async () => {
    await runner.run(keyed('a6'), asJson, (tx) => insert(6, tx));
    expect(() => db.prepare("UPDATE audit_events SET action = 'forged'").run()).toThrow('append-only');
    expect(() => db.prepare('DELETE FROM audit_events').run()).toThrow('append-only');
    expect(audited().map((row) => row.action)).toEqual(['t.inserted']);
  });

  it('refuses an entry made outside any action', () => {
    expect(() => runner.audit({ action: 'x.made', objectType: 'x', objectId: 'x_1' })).toThrow(
      'outside an action',
    );
  });
});
