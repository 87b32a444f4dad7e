/**
 * The server's clock stepped two days ahead and back (NTP fixing a wrong clock): webhook
 * deliveries scheduled during the wrong period are due at most their intended wait from the
 * corrected time, never two days later (docs/webhooks.md "Retries").
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ServerOptions } from '../../src/server/config.js';
import { makeTestApp, tempDataDir, testOptions, type TestApp } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const twoDaysMs = 2 * 24 * 3600 * 1000;
const waitMs = 400;

/** Real time plus an offset the test steps, as NTP would step the system clock. */
class SteppedClock {
  offset = 0;
  now = (): number => Date.now() + this.offset;
}

const fast = (clock: SteppedClock): Partial<ServerOptions> => ({
  workers: true,
  now: clock.now,
  webhookProbeMs: 300,
  webhookRetryScheduleMs: [waitMs, waitMs, waitMs, waitMs, waitMs, waitMs, waitMs],
});

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start();
  cleanup.push(() => r.stop());
  return r;
}

async function endpoint(t: Pick<TestApp, 'call'>, url: string): Promise<string> {
  const res = await t.call('POST', '/v2/webhook_endpoints', { url, events: ['*'] });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

const eventBody = (title: string) => ({
  title,
  venue: 'Hall',
  doors_at: '2030-12-24T19:00:00+00:00',
});

describe('webhook deliveries after the clock is stepped back', () => {
  it('a retry scheduled two days ahead is pulled back to its wait from now, and sent', async () => {
    const r = await receiver();
    r.respond = (_req, i, res) => res.writeHead(i === 0 ? 500 : 200).end();
    const clock = new SteppedClock();
    const t = await makeTestApp(fast(clock));
    cleanup.push(() => t.close());
    const endpointId = await endpoint(t, r.url);

    clock.offset = twoDaysMs;
    await t.call('POST', '/v2/events', eventBody('Ahead'));
    await r.waitFor(1);
    const { deliveries } = t.app.ctx.webhooks.repos;
    const failed = await eventually(() => {
      const [row] = deliveries.page(endpointId, { newestFirst: false, cursorSeq: 0, limit: 1 });
      return row?.failures === 1 ? row : undefined;
    });
    expect(failed.next_attempt_at).toBeGreaterThan(Date.now() + twoDaysMs - 60_000);

    clock.offset = 0;
    const [, again] = await r.waitFor(2);
    expect(again!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    const delivered = await eventually(() => {
      const [row] = deliveries.page(endpointId, { newestFirst: false, cursorSeq: 0, limit: 1 });
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(delivered.attempts).toBe(2);
  });

  it('messages written after the step are sent at once, after those written before it, in order', async () => {
    const r = await receiver();
    const clock = new SteppedClock();
    const t = await makeTestApp(fast(clock));
    cleanup.push(() => t.close());
    await endpoint(t, r.url);

    clock.offset = twoDaysMs;
    await t.call('POST', '/v2/events', eventBody('Ahead'));
    await r.waitFor(1);
    clock.offset = 0;
    await t.call('POST', '/v2/events', eventBody('After one'));
    await t.call('POST', '/v2/events', eventBody('After two'));
    const got = await r.waitFor(3);
    const titles = got.map(
      (g) => (JSON.parse(g.body) as { data: { object: { title: string } } }).data.object.title,
    );
    expect(titles).toEqual(['Ahead', 'After one', 'After two']);
  });

  it('after a restart with the clock fixed, deliveries scheduled from the wrong time are due again', async () => {
    const r = await receiver();
    r.respond = (_req, _i, res) => res.writeHead(503).end();
    const dataDir = tempDataDir();
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const ahead = new SteppedClock();
    ahead.offset = twoDaysMs;
    const first = await buildApp(testOptions(dataDir, fast(ahead)));
    const call = (app: typeof first) => ({
      call: (method: 'POST', url: string, body: unknown) =>
        app.inject({
          method,
          url,
          headers: {
            authorization: `Bearer ${testOptions(dataDir).adminKey}`,
            'content-type': 'application/json',
          },
          payload: JSON.stringify(body),
        }),
    });
    const endpointId = await endpoint(call(first), r.url);
    await call(first).call('POST', '/v2/events', eventBody('Ahead'));
    await r.waitFor(1);
    await eventually(() => {
      const [row] = first.ctx.webhooks.repos.deliveries.page(endpointId, {
        newestFirst: false,
        cursorSeq: 0,
        limit: 1,
      });
      return row?.failures === 1 ? row : undefined;
    });
    await first.close();

    r.respond = (_req, _i, res) => res.writeHead(200).end();
    const second = await buildApp(testOptions(dataDir, fast(new SteppedClock())));
    cleanup.push(() => second.close());
    await r.waitFor(2);
    const row = await eventually(() => {
      const [d] = second.ctx.webhooks.repos.deliveries.page(endpointId, {
        newestFirst: false,
        cursorSeq: 0,
        limit: 1,
      });
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(row.attempts).toBe(2);
  });
});

describe('WebhookDeliveriesRepo.pullBackFromFuture', () => {
  it('keeps each wait, from now; leaves alone what was scheduled from a correct clock', async () => {
    const t = await makeTestApp();
    cleanup.push(() => t.close());
    const repo = t.app.ctx.webhooks.repos.deliveries;
    const now = Date.parse('2026-11-22T12:00:00Z');
    const ahead = now + twoDaysMs;
    const minute = 60_000;
    // A retry after a failure two days ahead, 30 min wait; a first attempt written two days ahead;
    // a retry scheduled from a correct clock (1 h); a 410 that made one due at its attempt.
    repo.insert('dlv_retry', 'we_1', 'msg_1', 'event.created', ahead, ahead);
    repo.markFailed('dlv_retry', ahead, 500, 'HTTP 500', ahead + 30 * minute);
    repo.insert('dlv_first', 'we_1', 'msg_2', 'event.created', ahead + 1, ahead + 1);
    repo.insert('dlv_sound', 'we_1', 'msg_3', 'event.created', now - minute, now - minute);
    repo.markFailed('dlv_sound', now - minute, 500, 'HTTP 500', now + 59 * minute);
    repo.insert('dlv_gone', 'we_1', 'msg_4', 'event.created', ahead, ahead);
    repo.markGone('dlv_gone', ahead, 410, 'gone');
    repo.insert('dlv_other', 'we_2', 'msg_5', 'event.created', ahead, ahead);

    expect(repo.pullBackFromFuture('we_1', now)).toBe(3);
    expect(repo.find('dlv_retry')).toMatchObject({
      next_attempt_at: now + 30 * minute,
      last_attempt_at: now,
    });
    expect(repo.find('dlv_first')).toMatchObject({ next_attempt_at: now, last_attempt_at: null });
    expect(repo.find('dlv_sound')!.next_attempt_at).toBe(now + 59 * minute);
    expect(repo.find('dlv_gone')!.next_attempt_at).toBe(now);
    expect(repo.find('dlv_other')!.next_attempt_at).toBe(ahead);
    // Nothing left to move.
    expect(repo.pullBackFromFuture('we_1', now)).toBe(0);
  });
});
