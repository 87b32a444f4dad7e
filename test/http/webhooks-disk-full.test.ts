/**
 * The webhook dispatcher when the disk fills while a delivery is with its receiver: a real
 * receiver on loopback, the store on a real tmpfs. The outcome cannot be written, and the
 * delivery must not be sent again at the dispatcher's next look; once space is back the outcome
 * is written and the delivery shows as delivered, sent once.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { adminSecret, testOptions } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

let disk: SmallDisk | undefined;
let app: FastifyInstance | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await app?.close();
  await receiver?.stop();
  disk?.unmount();
  app = receiver = disk = undefined;
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app!.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${adminSecret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, json: () => res.json() as Record<string, unknown> };
}

describe('the webhook dispatcher on a full disk', () => {
  it('keeps an outcome it cannot write instead of sending the delivery again, and writes it once space is back', async () => {
    disk = mountSmallDisk(8 * 1024 * 1024);
    receiver = await new WebhookReceiver().start();
    // The first delivery is held by the receiver until the test lets it answer.
    let answerFirst: (() => void) | null = null;
    receiver.respond = (_req, index, res: ServerResponse) => {
      if (index === 0) answerFirst = () => res.writeHead(200).end('ok');
      else res.writeHead(200).end('ok');
    };
    app = await buildApp(testOptions(disk.dir, { workers: true, now: Date.now }));
    const hook = await call('POST', '/v2/webhook_endpoints', {
      url: receiver.url,
      events: ['event.created'],
    });
    expect(hook.status).toBe(200);
    const endpointId = hook.json().id as string;
    const created = await call('POST', '/v2/events', {
      title: 'Night show',
      venue: 'Main hall',
      doors_at: '2030-12-24T19:00:00+00:00',
    });
    expect(created.status).toBe(200);
    await eventually(() => (answerFirst ? true : undefined), 10_000, 'the delivery reaching the receiver');

    // While the receiver holds it, the disk fills (the WAL emptied first, so the next write
    // needs new space); then the receiver answers 200.
    app.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    disk.fill(0);
    answerFirst!();
    await eventually(() => (app!.ctx.storage.full ? true : undefined), 10_000, 'the disk noticed as full');

    // Give the dispatcher reasons to look again: writes that fail (and ring its doorbell) and
    // the wake-ups of its own loop. It must not send the same delivery a second time.
    for (let i = 0; i < 5; i++) {
      const refused = await call('POST', '/v2/events', {
        title: `Refused ${i}`,
        venue: 'Main hall',
        doors_at: '2030-12-24T19:00:00+00:00',
      });
      expect(refused.status).toBe(507);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(receiver.received).toHaveLength(1);

    disk.free();
    await eventually(() => (app!.ctx.storage.full ? undefined : true), 10_000, 'storage ok again');
    const delivered = await eventually(
      async () => {
        const list = await call('GET', `/v2/webhook_endpoints/${endpointId}/deliveries`);
        const rows = list.json().data as { status: string; attempts: number }[];
        return rows[0]?.status === 'delivered' ? rows : undefined;
      },
      10_000,
      'the delivery recorded as delivered',
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.attempts).toBe(1);
    expect(receiver.received).toHaveLength(1);
  }, 40_000);
});
