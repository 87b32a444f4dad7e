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
        mail: { waiting: 0, failed: 0, failed_last_day: 0, oldest_waiting_seconds: 0, server: 'answering' },
        webhooks: {
          queued: 0,
          failing: 0,
          failed: 0,
          failed_last_day: 0,
          oldest_pending_age_seconds: 0,
          online: true,
        },
      });

      const [first, second, third] = enqueue(3);
      t.clock.advance(240);
      const repo = new MailRepo(t.app.ctx.db);
      repo.markRetry(
        second!,
        'SMTP server unreachable: connect ECONNREFUSED 127.0.0.1:9',
        t.clock.now() + 30_000,
      );
      repo.markFailed(third!, '550 no such user', t.clock.now());
      const res = await t.call('GET', '/v2/outbound/status', undefined, till);
      expect(res.json().mail).toEqual({
        waiting: 2,
        failed: 1,
        failed_last_day: 1,
        oldest_waiting_seconds: 240,
        server: 'unreachable',
      });
      expect(res.body).not.toContain('example.test');
      expect(first).toBeDefined();
    });

    it('counts apart what failed in the last 24 hours: last month’s failures stay counted in `failed` only', async () => {
      const till = await createKey(t, 'box_office');
      const hook = await t.call('POST', '/v2/webhook_endpoints', {
        url: 'http://127.0.0.1:9/hooks',
        events: ['*'],
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const { db, outbox, webhooks } = t.app.ctx;
      inTransaction(db, () => {
        for (const id of ['evt_a', 'evt_b']) outbox.emit('event.updated', { id });
      });
      webhooks.fanOut.catchUp();
      const deliveries = db
        .prepare('SELECT id FROM webhook_deliveries ORDER BY seq')
        .pluck()
        .all() as string[];
      const mails = enqueue(2);
      const repo = new MailRepo(db);
      // Given up on last month, and never retried since.
      repo.markFailed(mails[0]!, '550 no such user', t.clock.now());
      webhooks.repos.deliveries.markFailed(deliveries[0]!, t.clock.now(), 500, 'HTTP 500', null);
      t.clock.advance(30 * 24 * 60 * 60);
      // Tonight's.
      repo.markFailed(mails[1]!, '550 no such user', t.clock.now());
      webhooks.repos.deliveries.markFailed(deliveries[1]!, t.clock.now(), 500, 'HTTP 500', null);

      const res = await t.call('GET', '/v2/outbound/status', undefined, till);
      expect(res.statusCode, res.body).toBe(200);
      const status = res.json() as { mail: Record<string, unknown>; webhooks: Record<string, unknown> };
      expect(status.mail).toMatchObject({ failed: 2, failed_last_day: 1 });
      expect(status.webhooks).toMatchObject({ failed: 2, failed_last_day: 1 });
      // A day later, tonight's are old news too.
      t.clock.advance(24 * 60 * 60 + 1);
      const later = (await t.call('GET', '/v2/outbound/status', undefined, till)).json() as typeof status;
      expect([later.mail.failed_last_day, later.webhooks.failed_last_day]).toEqual([0, 0]);
    });

    it('counts from the index, never reading the outbox table row by row', () => {
      const plan = (sql: string, ...params: unknown[]) =>
        (t.app.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
          (row) => row.detail,
        );
      // The four scalar subqueries; each must search the index, none scan the table.
      const counts = plan(mailCountsSql.counts, { since: 0 }).filter((step) =>
        /^(SEARCH|SCAN) mail_outbox/.test(step),
      );
      expect(counts).toHaveLength(4);
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
