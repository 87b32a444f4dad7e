import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/store/db.js';
import { mailCountsSql } from '../../src/server/store/mail-counts.js';
import { MailRepo } from '../../src/server/store/mail-repo.js';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

function enqueue(n: number): string[] {
  return inTransaction(t.app.ctx.db, () =>
    Array.from({ length: n }, (_, i) =>
      t.app.ctx.mail.enqueue({ to: `guest${i}@example.test`, subject: `Mail ${i}`, text: 'body' }),
    ),
  );
}

describe('GET /v2/outbound/status', () => {
  describe('with a mail server set up', () => {
    beforeEach(async () => {
      // No workers: the test moves the outbox itself, as the sender would.
      t = await makeTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    });

    it('gives a till counts only: waiting, failed, how long, and the server as the last try found it', async () => {
      const till = await createKey(t, 'box_office');
      const quiet = await t.call('GET', '/v2/outbound/status', undefined, till);
      expect(quiet.statusCode, quiet.body).toBe(200);
      expect(quiet.json()).toEqual({
        mail: { waiting: 0, failed: 0, oldest_waiting_seconds: 0, server: 'answering' },
        webhooks: { queued: 0, failing: 0, failed: 0, oldest_pending_age_seconds: 0, online: true },
      });

      const [first, second, third] = enqueue(3);
      t.clock.advance(240);
      const repo = new MailRepo(t.app.ctx.db);
      repo.markRetry(
        second!,
        'SMTP server unreachable: connect ECONNREFUSED 127.0.0.1:9',
        t.clock.now() + 30_000,
      );
      repo.markFailed(third!, '550 no such user');
      const res = await t.call('GET', '/v2/outbound/status', undefined, till);
      expect(res.json().mail).toEqual({
        waiting: 2,
        failed: 1,
        oldest_waiting_seconds: 240,
        server: 'unreachable',
      });
      expect(res.body).not.toContain('example.test');
      expect(first).toBeDefined();
    });

    it('counts from the index, never reading the outbox table row by row', () => {
      const plan = (sql: string, ...params: number[]) =>
        (t.app.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
          (row) => row.detail,
        );
      // The three scalar subqueries; each must search the index, none scan the table.
      const counts = plan(mailCountsSql.counts).filter((step) => /^(SEARCH|SCAN) mail_outbox/.test(step));
      expect(counts).toHaveLength(3);
      for (const step of counts)
        expect(step).toMatch(/SEARCH mail_outbox USING COVERING INDEX mail_outbox_due/);
      expect(plan(mailCountsSql.created, 1)).toEqual([expect.stringMatching(/USING INTEGER PRIMARY KEY/)]);
      expect(plan(mailCountsSql.latest)).toEqual([
        'SEARCH mail_outbox USING INDEX mail_outbox_due (status=?)',
      ]);
    });
  });

  it('says no mail server is set up when MARQUEE_SMTP_URL names none, and refuses door keys', async () => {
    t = await makeTestApp();
    enqueue(1);
    const res = await t.call('GET', '/v2/outbound/status', undefined, await createKey(t, 'box_office'));
    expect(res.json().mail).toMatchObject({ waiting: 1, server: 'not_set_up' });
    const door = await t.call('GET', '/v2/outbound/status', undefined, await createKey(t, 'scanner'));
    expectError(door, 403, 'permission_error', 'insufficient_scope');
  });
});
