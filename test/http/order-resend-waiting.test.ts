import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailRepo, type MailRow } from '../../src/server/store/mail-repo.js';
import { buy, saleEvent, type Sale } from '../support/sales-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

// "Email tickets…" over real HTTP on a real SQLite file, with no SMTP server: mail waits in the
// outbox, as it does while a venue's mail server is down.
let t: TestApp;
let sale: Sale;
let url: string;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await saleEvent(t);
  const app: FastifyInstance = t.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(async () => {
  await t.close();
});

const outbox = (): MailRow[] =>
  t.app.ctx.db.prepare('SELECT * FROM mail_outbox ORDER BY seq').all() as MailRow[];

async function resend(orderId: string, body: Record<string, string> = {}) {
  const res = await fetch(`${url}/v2/orders/${orderId}/resend`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, mail: (await res.json()) as { id: string; to: string; status: string } };
}

describe('POST /v2/orders/{id}/resend while a mail for the order is still waiting', () => {
  it('answers the waiting mail to the same address (any letter case) instead of queuing a second', async () => {
    const order = await buy(t, sale);
    const [checkoutMail] = outbox();
    expect(checkoutMail).toMatchObject({ ref: order.id, to_email: 'ada@example.com', status: 'pending' });

    const again = await resend(order.id);
    expect(again.status).toBe(200);
    expect(again.mail).toMatchObject({ id: checkoutMail!.id, to: 'ada@example.com', status: 'pending' });
    const shouted = await resend(order.id, { email: 'ADA@example.com' });
    expect(shouted.mail.id).toBe(checkoutMail!.id);
    expect(outbox()).toHaveLength(1);
  });

  it('still queues one to another address, and one once the waiting mail has gone out or failed', async () => {
    const order = await buy(t, sale);
    const [checkoutMail] = outbox();
    const partner = await resend(order.id, { email: 'partner@example.com' });
    expect(partner.mail.id).not.toBe(checkoutMail!.id);
    expect((await resend(order.id, { email: 'partner@example.com' })).mail.id).toBe(partner.mail.id);

    const repo = new MailRepo(t.app.ctx.db);
    expect(repo.markSent(checkoutMail!.id, t.clock.ms)).toBe(true);
    expect(repo.markFailed(partner.mail.id, 'SMTP 550: no such mailbox')).toBe(true);
    const toBuyer = await resend(order.id);
    const toPartner = await resend(order.id, { email: 'partner@example.com' });
    expect([toBuyer.mail.status, toPartner.mail.status]).toEqual(['pending', 'pending']);
    expect(outbox().map((row) => [row.to_email, row.status])).toEqual([
      ['ada@example.com', 'sent'],
      ['partner@example.com', 'failed'],
      ['ada@example.com', 'pending'],
      ['partner@example.com', 'pending'],
    ]);
  });

  it("does not mix up orders: another order's waiting mail to the same buyer is its own", async () => {
    const first = await buy(t, sale);
    const second = await buy(t, sale);
    const answered = await resend(second.id);
    expect(answered.mail.id).toBe(outbox().find((row) => row.ref === second.id)!.id);
    expect((await resend(first.id)).mail.id).toBe(outbox().find((row) => row.ref === first.id)!.id);
    expect(outbox()).toHaveLength(2);
  });
});
