import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import type { MailSenderOverrides } from '../../src/server/mail/mail-sender.js';
import { eventually } from '../support/eventually.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

/** Backoff in real ms (the sender sleeps on real timers); the wall clock is moved by `offset`. */
const fast: MailSenderOverrides = {
  pollMs: 50,
  stopGraceMs: 2_000,
  policy: { backoffMs: [40, 80], maxAttempts: 3, unreachableRetryMs: 50 },
};
const hour = 3_600_000;

type MailItem = components['schemas']['Mail'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sale(t: TestApp, title: string, doorsAt: number, email: string): Promise<string> {
  const event = (
    await t.call('POST', '/v2/events', {
      title,
      venue: 'Hall',
      doors_at: new Date(doorsAt).toISOString(),
      timezone: 'UTC',
      tickets: [{ name: 'GA', price_cents: 1500, quantity: 10 }],
    })
  ).json() as { id: string };
  await t.call('POST', `/v2/events/${event.id}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] };
  const order = await t.call('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    buyer: { name: 'Regular', email },
    payment_method: 'cash',
  });
  expect(order.statusCode, order.body).toBe(200);
  return (order.json() as { id: string }).id;
}

async function outbox(t: TestApp): Promise<MailItem[]> {
  return ((await t.call('GET', '/v2/mail?limit=100')).json() as { data: MailItem[] }).data;
}

describe('mail that waited past its event', () => {
  it('is not sent late when the mail server comes back after the show; later mail and a resend go', async () => {
    const port = await SmtpCatcher.freePort();
    let offset = 0;
    const t = await makeTestApp({
      workers: true,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      now: () => Date.now() + offset,
      mailSender: fast,
    });
    cleanups.push(() => t.close());

    const tonight = await sale(t, 'Tonight', Date.now() + hour, 'tonight@example.test');
    await sale(t, 'Next Month', Date.now() + 30 * 24 * hour, 'next@example.test');
    // The mail server is down: both confirmations wait.
    await eventually(
      async () => ((await outbox(t)).some((m) => m.attempts > 0) ? true : undefined),
      10_000,
      () => 'a first attempt on the down server',
    );

    // Two days on, the mail server is set up at last.
    offset = 48 * hour;
    const smtp = await SmtpCatcher.start(port);
    cleanups.push(() => smtp.close());
    const settled = await eventually(
      async () => {
        const rows = await outbox(t);
        return rows.every((m) => m.status !== 'pending') ? rows : undefined;
      },
      10_000,
      () => 'every mail settled',
    );
    const byTo = new Map(settled.map((m) => [m.to, m]));
    expect(byTo.get('next@example.test')?.status).toBe('sent');
    expect(byTo.get('tonight@example.test')).toMatchObject({ status: 'failed' });
    expect(byTo.get('tonight@example.test')?.last_error).toMatch(
      /^Not sent: Tonight \(doors .*\) was over before this mail could go out, so it was not sent late\. Resend the order/,
    );
    expect(smtp.mails.map((m) => m.rcptTo)).toEqual([['next@example.test']]);

    // A resend made after the show is deliberate: it goes.
    const resent = await t.call('POST', `/v2/orders/${tonight}/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    await smtp.waitFor(2, 10_000);
    expect(smtp.mails[1]!.rcptTo).toEqual(['tonight@example.test']);
  });
});
