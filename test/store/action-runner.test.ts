import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionContext, IdempotencyClaim } from '../../src/server/domain/action-context.js';
import { serverAction } from '../../src/server/domain/action-context.js';
import { ActionRunner } from '../../src/server/domain/action-runner.js';
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
  runner = new ActionRunner(db, answers, now);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (n: number) => db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
const rows = () => (db.prepare('SELECT n FROM t ORDER BY n').all() as { n: number }[]).map((r) => r.n);
const asJson = (value: unknown) => JSON.stringify(value);

function keyed(key: string): ActionContext & { idempotency: IdempotencyClaim } {
  return {
    actor: { apiKeyId: 'key_a', deviceId: null, staffId: null },
    idempotency: { scope: 'key_a', key, requestHash: `hash-${key}`, written: false },
  };
}

describe('ActionRunner', () => {
  it('writes the answer under the key in the work’s transaction and says so after the commit', async () => {
    const action = keyed('k1');
    const answer = await runner.run(action, asJson, () => {
      insert(1);
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
        insert(2);
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
    await expect(runner.run(action, unserializable, () => insert(3))).rejects.toThrow('no JSON');
    expect(rows()).toEqual([]);
    expect(answers.find('key_a', 'k3', 0)).toBeUndefined();
  });

  it('runs after-commit effects once the data is committed, in order, and sees the actor', async () => {
    const seen: unknown[] = [];
    await runner.run(keyed('k4'), asJson, (tx) => {
      insert(4);
      seen.push(tx.actor.apiKeyId);
      tx.afterCommit(() => seen.push(db.inTransaction ? 'in transaction' : rows()));
      tx.afterCommit(() => seen.push('second'));
      return 4;
    });
    expect(seen).toEqual(['key_a', [4], 'second']);
  });

  it('writes no key without a claim, and replaces an expired answer under the same key', async () => {
    await runner.run(serverAction(), asJson, () => insert(5));
    expect((db.prepare('SELECT COUNT(*) AS n FROM idempotency_keys').get() as { n: number }).n).toBe(0);
    answers.save({ scope: 'key_a', key: 'old', requestHash: 'h', statusCode: 404, response: '{}', at: 1 });
    await runner.run(keyed('old'), asJson, () => 'new');
    expect(answers.find('key_a', 'old', 0)).toMatchObject({ status_code: 200, response: '"new"' });
  });

  it('batches actions of one turn; each commits or rolls back alone, in both lanes', async () => {
    const results = await Promise.allSettled([
      runner.run(keyed('a'), asJson, () => insert(10)),
      runner.run(keyed('b'), asJson, () => insert(10)), // UNIQUE: this one alone fails
      runner.run(keyed('c'), asJson, () => insert(11), { lane: 'door' }),
      runner.run(keyed('d'), asJson, () => insert(12), { after: Promise.resolve() }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(rows()).toEqual([10, 11, 12]);
    expect(answers.find('key_a', 'b', 0)).toBeUndefined();
    expect(answers.find('key_a', 'd', 0)).toBeDefined();
  });
});
