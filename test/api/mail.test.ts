import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/store/db.js';
import { MailRepo } from '../../src/server/store/mail-repo.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  // No SMTP: every mail stays pending, which is what an offline venue sees.
  t = await makeTestApp({ workers: true });
});
afterEach(async () => {
  await t.close();
});

function enqueue(n: number): string[] {
  return inTransaction(t.app.ctx.db, () =>
    Array.from({ length: n }, (_, i) =>
      t.app.ctx.mail.enqueue({ to: `guest${i}@example.test`, subject: `Mail ${i}`, text: 'secret body' }),
    ),
  );
}

describe('GET /v2/mail', () => {
  it('lists oldest first with the contract list envelope, cursor pagination and no bodies', async () => {
    const ids = enqueue(5);
    const first = await t.call('GET', '/v2/mail?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ object: 'list', has_more: true });
    expect(page1.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 2));
    expect(page1.data[0]).toEqual({
      id: ids[0],
      to: 'guest0@example.test',
      subject: 'Mail 0',
      kind: 'message',
      ref: null,
      status: 'pending',
      attempts: 0,
      last_error: null,
      next_attempt_at: '2026-11-22T12:00:00.000Z',
      created_at: '2026-11-22T12:00:00.000Z',
      sent_at: null,
    });
    expect(JSON.stringify(page1)).not.toContain('secret body');

    const rest = await t.call('GET', `/v2/mail?limit=2&cursor=${page1.next_cursor}`);
    expect(rest.json().data.map((m: { id: string }) => m.id)).toEqual(ids.slice(2, 4));
    const last = await t.call('GET', `/v2/mail?cursor=${rest.json().next_cursor}`);
    expect(last.json()).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.json().data.map((m: { id: string }) => m.id)).toEqual(ids.slice(4));
  });

  it('filters by status', async () => {
    enqueue(2);
    expect((await t.call('GET', '/v2/mail?status=pending')).json().data).toHaveLength(2);
    expect((await t.call('GET', '/v2/mail?status=sent')).json().data).toEqual([]);
    expect((await t.call('GET', '/v2/mail?status=failed')).json().data).toEqual([]);
  });

  it('refuses a bad status, limit or cursor with 400 and the field in param', async () => {
    for (const [query, param] of [
      ['status=bounced', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['cursor=nonsense', 'cursor'],
      ['colour=red', 'colour'],
    ]) {
      const response = await t.call('GET', `/v2/mail?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatchObject({ type: 'invalid_request_error', param });
    }
  });

  it('is admin only: 401 without a key, 403 for box_office and scanner keys', async () => {
    expect((await t.call('GET', '/v2/mail', undefined, null)).json().error.code).toBe('invalid_api_key');
    for (const scope of ['box_office', 'scanner']) {
      const key = await t.call('POST', '/v2/api_keys', { name: `${scope} key`, scope });
      const secret = key.json().secret as string;
      const response = await t.call('GET', '/v2/mail', undefined, secret);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('insufficient_scope');
      const retry = await t.call('POST', '/v2/mail/mail_x/retry', undefined, secret);
      expect(retry.statusCode).toBe(403);
    }
  });
});

describe('POST /v2/mail/{id}/retry', () => {
  it('makes a waiting mail due now', async () => {
    const [id] = enqueue(1);
    t.clock.advance(120);
    const response = await t.call('POST', `/v2/mail/${id}/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      next_attempt_at: '2026-11-22T12:02:00.000Z',
    });
  });

  it('keeps a waiting mail’s attempts (only a failed mail gets a fresh set)', async () => {
    const [waiting, failed] = enqueue(2);
    const repo = new MailRepo(t.app.ctx.db);
    repo.markRetry(waiting!, 'SMTP 450 try later', t.clock.ms + 60_000);
    repo.markRetry(waiting!, 'SMTP 450 try later', t.clock.ms + 60_000);
    repo.markRetry(failed!, 'SMTP 450', t.clock.ms);
    repo.markFailed(failed!, 'SMTP 550 no such mailbox', t.clock.ms);
    const again = await t.call('POST', `/v2/mail/${waiting}/retry`);
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 2 });
    const fresh = await t.call('POST', `/v2/mail/${failed}/retry`);
    expect(fresh.json()).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('answers 404 resource_missing for an unknown id', async () => {
    const response = await t.call('POST', '/v2/mail/mail_doesnotexist000000/retry');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      type: 'not_found_error',
      code: 'resource_missing',
      param: 'id',
    });
  });
});

describe('POST /v2/mail/test', () => {
  it('refuses while no mail server is set up, saying what to set, and queues nothing', async () => {
    const response = await t.call('POST', '/v2/mail/test', { to: 'manager@example.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      type: 'conflict_error',
      code: 'mail_server_not_set_up',
      message:
        'No mail server is set up, so mail waits in the outbox. Set MARQUEE_SMTP_URL (smtp://user:password@host:port) and restart the venue server.',
    });
    expect((await t.call('GET', '/v2/mail')).json().data).toEqual([]);
  });

  it('queues a test mail like any other (workers off, so it stays pending), admin only, and refuses a bad address', async () => {
    const withServer = await makeTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const queued = await withServer.call('POST', '/v2/mail/test', { to: 'manager@example.test' });
      expect(queued.statusCode).toBe(200);
      expect(queued.json()).toMatchObject({
        to: 'manager@example.test',
        subject: 'Marquee test mail',
        kind: 'message',
        ref: null,
        status: 'pending',
        attempts: 0,
      });
      const listed = (await withServer.call('GET', '/v2/mail')).json().data;
      expect(listed.map((m: { id: string }) => m.id)).toEqual([queued.json().id]);

      const bad = await withServer.call('POST', '/v2/mail/test', { to: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'invalid_field', param: 'to' });
      const key = await withServer.call('POST', '/v2/api_keys', { name: 'Till', scope: 'box_office' });
      const tillTest = await withServer.call(
        'POST',
        '/v2/mail/test',
        { to: 'a@example.test' },
        key.json().secret,
      );
      expect(tillTest.statusCode).toBe(403);
      expect((await withServer.call('GET', '/v2/mail')).json().data).toHaveLength(1);
    } finally {
      await withServer.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the mail routes and keeps the wallet pages out of the API document', async () => {
    const doc = (await t.call('GET', '/v2/openapi.json', undefined, null)).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/v2/mail']?.get?.tags).toEqual(['mail']);
    expect(doc.paths['/v2/mail/{id}/retry']?.post).toBeDefined();
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/w/'))).toBe(false);
  });
});
