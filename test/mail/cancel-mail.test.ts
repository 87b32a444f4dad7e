import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { cancelMail } from '../../src/server/mail/cancel-mail.js';
import { eventually } from '../support/eventually.js';
import { SmtpCatcher, type CaughtMail } from '../support/smtp-catcher.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

type MailListItem = components['schemas']['Mail'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function buy(t: TestApp, eventId: string, tierId: string, email: string, quantity = 1) {
  const order = await t.call('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity }],
    buyer: { name: 'Buyer', email },
    payment_method: 'card',
  });
  expect(order.statusCode).toBe(200);
  return order.json() as { id: string; tickets: { id: string }[] };
}

async function cancelMails(t: TestApp): Promise<MailListItem[]> {
  const list = (await t.call('GET', '/v2/mail?limit=100')).json() as { data: MailListItem[] };
  return list.data.filter((mail) => mail.kind === 'event_cancelled');
}

async function cancelAudit(t: TestApp, eventId: string): Promise<Record<string, unknown>[]> {
  const audit = (await t.call('GET', `/v2/audit_events?object_id=${eventId}`)).json() as {
    data: { action: string; data: Record<string, unknown> }[];
  };
  return audit.data.filter((row) => row.action === 'event.cancelled').map((row) => row.data);
}

/** The headers the OpenAPI document declares on the cancel's 200, lower-cased like Node's. */
async function documentedCancelHeaders(t: TestApp): Promise<string[]> {
  const document = (await t.call('GET', '/v2/openapi.json')).json() as {
    paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
  };
  const ok = document.paths['/v2/events/{id}/cancel']?.post?.responses['200'];
  return Object.keys(ok?.headers ?? {}).map((name) => name.toLowerCase());
}

const isCancelMail = (mail: CaughtMail): boolean => String(mail.parsed.subject).startsWith('Cancelled:');

describe('cancelling an event mails its ticket holders (findings-attendee F6)', () => {
  it('over real HTTP and SMTP: one mail per holder, case-insensitively, and the repeat cancel sends none', async () => {
    const smtp = await SmtpCatcher.start();
    cleanups.push(() => smtp.close());
    const t = await makeTestApp({ workers: true, smtpUrl: smtp.url, mailSender: { pollMs: 60_000 } });
    cleanups.push(() => t.close());
    const { eventId, tierId } = await publishedEvent(t);

    const ada = await buy(t, eventId, tierId, 'ada@example.test', 2);
    await buy(t, eventId, tierId, 'ADA@Example.test');
    await buy(t, eventId, tierId, 'bob@example.test');
    const transfer = await t.call('POST', `/v2/tickets/${ada.tickets[0]!.id}/transfer`, {
      to_email: 'grace@example.test',
      name: 'Grace Hopper',
    });
    expect(transfer.statusCode).toBe(200);
    await smtp.waitFor(4); // three confirmations and the transfer mail

    const words = 'Refunds <b>by Friday</b> & the new date soon.';
    const cancelled = await t.call('POST', `/v2/events/${eventId}/cancel`, {
      message: `  ${words}  `,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: eventId, status: 'cancelled' });
    expect(cancelled.headers['marquee-holders-notified']).toBe('3');
    expect(await documentedCancelHeaders(t)).toContain('marquee-holders-notified');

    const mails = await smtp.waitFor(3, 10_000, isCancelMail);
    const byRecipient = new Map(mails.map((mail) => [mail.rcptTo[0]!.toLowerCase(), mail.parsed]));
    expect([...byRecipient.keys()].sort()).toEqual([
      'ada@example.test',
      'bob@example.test',
      'grace@example.test',
    ]);
    const toAda = byRecipient.get('ada@example.test')!;
    expect(toAda.subject).toBe('Cancelled: Night show');
    expect(toAda.text).toContain('Night show at Main hall');
    expect(toAda.text).toContain('24 Dec 2026');
    expect(toAda.text).toContain('Your 2 tickets for it will not be scanned.');
    expect(toAda.text).toContain(`A message from the organiser:\n${words}\n`);
    expect(toAda.text).not.toContain('The box office will tell you about refunds.');
    expect(toAda.html).toContain('Refunds &lt;b&gt;by Friday&lt;/b&gt; &amp; the new date soon.');
    expect(toAda.html).not.toContain('<b>by Friday</b>');
    expect(toAda.attachments).toEqual([]);
    expect(byRecipient.get('grace@example.test')!.text).toContain('Your ticket for it will not be scanned.');
    expect(byRecipient.get('bob@example.test')!.text).toContain('Your ticket for it will not be scanned.');

    // The box office sees them like any mail: in the queue, and on the order they concern.
    const listed = await eventually(
      async () => {
        const rows = await cancelMails(t);
        return rows.every((mail) => mail.status === 'sent') ? rows : undefined;
      },
      10_000,
      'the cancel mails marked sent',
    );
    expect(listed).toHaveLength(3);
    for (const mail of listed) expect(mail).toMatchObject({ ref: eventId, subject: 'Cancelled: Night show' });
    const orderMail = (await t.call('GET', `/v2/orders/${ada.id}/mail`)).json() as { data: MailListItem[] };
    const onOrder = orderMail.data.filter((mail) => mail.kind === 'event_cancelled');
    expect(onOrder.map((mail) => mail.to.toLowerCase()).sort()).toEqual([
      'ada@example.test',
      'grace@example.test',
    ]);
    expect(await cancelAudit(t, eventId)).toEqual([expect.objectContaining({ holders_notified: 3 })]);

    const again = await t.call('POST', `/v2/events/${eventId}/cancel`, { message: 'Second time' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cancelled.json());
    expect(again.headers['marquee-holders-notified']).toBeUndefined();
    expect(await cancelMails(t)).toHaveLength(3);
    expect(await cancelAudit(t, eventId)).toHaveLength(1);
  });

  it('notify_holders false queues nothing and the audit says 0', async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const { eventId, tierId } = await publishedEvent(t);
    await buy(t, eventId, tierId, 'ada@example.test');

    const cancelled = await t.call('POST', `/v2/events/${eventId}/cancel`, { notify_holders: false });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.headers['marquee-holders-notified']).toBe('0');
    expect(await cancelMails(t)).toEqual([]);
    expect(await cancelAudit(t, eventId)).toEqual([expect.objectContaining({ holders_notified: 0 })]);
  });

  it("a cancel with no body, or {}, answers the event as before and still queues the holders' mail", async () => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    for (const body of [undefined, {}]) {
      const { eventId, tierId } = await publishedEvent(t);
      await buy(t, eventId, tierId, 'ada@example.test');
      const cancelled = await t.call('POST', `/v2/events/${eventId}/cancel`, body);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.headers['content-type']).toContain('application/json');
      expect(cancelled.json()).toEqual((await t.call('GET', `/v2/events/${eventId}`)).json());
      expect(cancelled.json()).toMatchObject({ id: eventId, status: 'cancelled' });
      const queued = (await cancelMails(t)).filter((mail) => mail.ref === eventId);
      expect(queued).toEqual([
        expect.objectContaining({
          to: 'ada@example.test',
          subject: 'Cancelled: Night show',
          status: 'pending',
        }),
      ]);
    }
  });

  it("without the organiser's words the mail promises nothing about refunds", () => {
    const mail = cancelMail({
      to: 'ada@example.test',
      event: { title: 'Night <show>', venue: 'Main hall', doors: '24 Dec 2026, 19:00 UTC' },
      tickets: 1,
      message: undefined,
    });
    expect(mail.subject).toBe('Cancelled: Night <show>');
    expect(mail.text).toContain('Your ticket for it will not be scanned.');
    expect(mail.text).toContain('The box office will tell you about refunds.');
    expect(mail.text).not.toMatch(/refunded|will be refunded|money back/i);
    expect(mail.html).toContain('Night &lt;show&gt;');
    expect(mail.html).not.toContain('<show>');
  });

  it.each([
    [{ notify_holders: 'yes' }, 'notify_holders'],
    [{ message: 5 }, 'message'],
    [{ message: 'x'.repeat(1001) }, 'message'],
    [{ notify: true }, 'notify'],
  ])('a bad body %j is 400 naming %s, and the event stays on sale', async (body, param) => {
    const t = await makeTestApp();
    cleanups.push(() => t.close());
    const { eventId, tierId } = await publishedEvent(t);
    await buy(t, eventId, tierId, 'ada@example.test');

    const refused = await t.call('POST', `/v2/events/${eventId}/cancel`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_field', param },
    });
    expect((await t.call('GET', `/v2/events/${eventId}`)).json()).toMatchObject({ status: 'published' });
    expect(await cancelMails(t)).toEqual([]);
    expect(await cancelAudit(t, eventId)).toEqual([]);
  });
});
