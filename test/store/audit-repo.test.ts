import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditRepo, auditPageSql, type AuditRow } from '../../src/server/store/audit-repo.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let repo: AuditRepo;
let at = 1_000;

beforeEach(async () => {
  t = await makeTestApp();
  repo = new AuditRepo(t.app.ctx.db);
});
afterEach(() => t.close());

/** One row of the trail; the other columns of an order's change, as the runner writes them. */
function write(id: string, objectId: string, orderId: string | null, apiKeyId = 'key_a'): void {
  repo.insert({
    id,
    action: 'test.changed',
    object_type: orderId === objectId ? 'order' : 'ticket',
    object_id: objectId,
    order_id: orderId,
    api_key_id: apiKeyId,
    device_id: null,
    staff_id: null,
    at: at++,
    data: '{}',
  });
}

const ids = (rows: AuditRow[]) => rows.map((row) => row.id);

describe('AuditRepo.page', () => {
  beforeEach(() => {
    write('aud_1', 'ord_1', 'ord_1');
    write('aud_2', 'ord_2', 'ord_2', 'key_b');
    write('aud_3', 'tik_1', 'ord_1', 'key_b');
    write('aud_4', 'evt_1', null);
    write('aud_5', 'ord_1', 'ord_1');
  });

  it("an order's history: the order's own rows and its parts', oldest first, page by page", () => {
    expect(ids(repo.page({ objectId: 'ord_1' }, 0, 10))).toEqual(['aud_1', 'aud_3', 'aud_5']);
    const first = repo.page({ objectId: 'ord_1' }, 0, 2);
    expect(ids(first)).toEqual(['aud_1', 'aud_3']);
    expect(ids(repo.page({ objectId: 'ord_1' }, first[1]!.seq, 2))).toEqual(['aud_5']);
    // A part asked for by its own id is that part only.
    expect(ids(repo.page({ objectId: 'tik_1' }, 0, 10))).toEqual(['aud_3']);
  });

  it('the object filter combines with the actor and since filters', () => {
    expect(ids(repo.page({ objectId: 'ord_1', actor: 'key_b' }, 0, 10))).toEqual(['aud_3']);
    const since = (repo.page({}, 0, 10).find((row) => row.id === 'aud_3') as AuditRow).at;
    expect(ids(repo.page({ objectId: 'ord_1', since }, 0, 10))).toEqual(['aud_3', 'aud_5']);
  });

  it('without an object: every row, or an actor’s, in seq order', () => {
    expect(ids(repo.page({}, 0, 10))).toEqual(['aud_1', 'aud_2', 'aud_3', 'aud_4', 'aud_5']);
    expect(ids(repo.page({ actor: 'key_b' }, 0, 10))).toEqual(['aud_2', 'aud_3']);
  });

  it("finds an object's rows through the object and order indexes, not by reading the trail", () => {
    const plan = t.app.ctx.db
      .prepare(`EXPLAIN QUERY PLAN ${auditPageSql(true)}`)
      .all({ after: 0, object: 'ord_1', actor: null, since: null, limit: 20 }) as { detail: string }[];
    const details = plan.map((row) => row.detail).join('\n');
    expect(details).toContain('USING INDEX audit_events_by_object');
    expect(details).toContain('USING INDEX audit_events_by_order');
    expect(details).not.toMatch(/SCAN audit_events|INTEGER PRIMARY KEY/);
  });
});
