import * as jose from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfPages, pdfQrCodes } from '../support/pdf-tools.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { adminSecret, makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

interface TicketView {
  id: string;
  event_id: string;
  tier_id: string;
  status: string;
  wallet_url: string;
  qr_token: string;
  paper_pass: string | null;
  transferred_from: string | null;
  transferred_to: string | null;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function buyOne(t: TestApp): Promise<TicketView> {
  const { eventId, tierId } = await publishedEvent(t);
  const order = await t.call('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
    payment_method: 'card',
  });
  expect(order.statusCode).toBe(200);
  return (order.json() as { tickets: TicketView[] }).tickets[0]!;
}

describe('transfer mail (issue 3 "Must show")', () => {
  it("over real HTTP and SMTP: the recipient's mail has the wallet link and a PDF of the NEW ticket", async () => {
    const smtp = await SmtpCatcher.start();
    cleanups.push(() => smtp.close());
    const t = await makeTestApp({ workers: true, smtpUrl: smtp.url, mailSender: { pollMs: 60_000 } });
    cleanups.push(() => t.close());
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      });

    const original = await buyOne(t);
    const started = Date.now();
    const response = await api(`/v2/tickets/${original.id}/transfer`, {
      method: 'POST',
      body: JSON.stringify({
        to_email: 'grace@example.test',
        name: 'Grace Hopper',
        message: 'Enjoy the show!',
      }),
    });
    expect(response.status).toBe(200);
    const fresh = (await response.json()) as TicketView;
    expect(fresh).toMatchObject({ status: 'active', transferred_from: original.id });
    expect(fresh.id).not.toBe(original.id);

    const [mail] = await smtp.waitFor(1, 10_000, (m) => m.rcptTo.includes('grace@example.test'));
    const deliveredMs = Date.now() - started;
    const parsed = mail!.parsed;
    expect(parsed.subject).toContain('Night show');
    expect(parsed.text).toContain(fresh.wallet_url);
    expect(parsed.text).toContain('Enjoy the show!');
    expect(parsed.html).toContain(`href="${fresh.wallet_url}"`);

    // No short-lived inline code any more: the ticket comes as a PDF page for the new ticket,
    // whose QR is the new ticket's paper pass.
    expect(String(parsed.html)).not.toContain('cid:');
    const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`ticket-${fresh.id}.pdf`);
    const [page] = pdfPages(pdf!.content);
    expect(page).toContain(fresh.id);
    expect(page).toContain('Grace Hopper');
    expect(page).not.toContain(original.id);
    const [token] = pdfQrCodes(pdf!.content);
    expect(token).toBe(fresh.paper_pass);
    const check = t.app.ctx.tokens.verify(token!);
    expect(check).toMatchObject({ ok: true, credential: 'paper' });
    if (!check.ok) return;
    expect(check.claims).toMatchObject({ sub: fresh.id, evt: fresh.event_id, tier: fresh.tier_id });
    expect(check.claims.sub).not.toBe(original.id);

    // Any JOSE library verifies it with the published JWKS (CONTRACT.md "Ticket tokens").
    const jwks = jose.createLocalJWKSet(
      (await (await fetch(`${base}/v2/scan/jwks`)).json()) as jose.JSONWebKeySet,
    );
    const { payload, protectedHeader } = await jose.compactVerify(token!, jwks);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'ticket-pass+jwt' });
    expect(JSON.parse(new TextDecoder().decode(payload)).sub).toBe(fresh.id);

    // The link in the mail opens the recipient's wallet, with a QR for the same new ticket.
    const walletPath = new URL(fresh.wallet_url).pathname;
    const wallet = await fetch(`${base}${walletPath}`);
    expect(wallet.status).toBe(200);
    const html = await wallet.text();
    expect(html).toContain('Grace Hopper');
    expect(html).toContain('data-status="valid"');
    const png = Buffer.from(await (await fetch(`${base}${walletPath}/qr.png`)).arrayBuffer());
    const walletCheck = t.app.ctx.tokens.verify(decodeQrPng(png));
    expect(walletCheck.ok && walletCheck.claims.sub).toBe(fresh.id);

    // The original's wallet now says it was transferred and shows no code.
    const old = await (await fetch(`${base}${new URL(original.wallet_url).pathname}`)).text();
    expect(old).toContain('data-status="transferred"');
    expect(old).not.toContain('<img');

    const list = (await (await api('/v2/mail')).json()) as { data: { to: string; status: string }[] };
    expect(list.data).toEqual([
      expect.objectContaining({ to: 'ada@example.test', kind: 'order_confirmation', status: 'sent' }),
      expect.objectContaining({
        to: 'grace@example.test',
        kind: 'ticket_transfer',
        ref: fresh.id,
        status: 'sent',
      }),
    ]);
    console.log(`transfer → recipient mail accepted by SMTP: ${deliveredMs} ms`);
  });

  it('a transfer to the holder’s own address (a replacement) is queued and sent as their new ticket', async () => {
    const smtp = await SmtpCatcher.start();
    cleanups.push(() => smtp.close());
    const t = await makeTestApp({ workers: true, smtpUrl: smtp.url, mailSender: { pollMs: 60_000 } });
    cleanups.push(() => t.close());
    const original = await buyOne(t);
    const replaced = await t.call('POST', `/v2/tickets/${original.id}/transfer`, {
      to_email: 'ADA@example.test',
      name: 'Ada Lovelace',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const fresh = replaced.json() as TicketView;
    const [mail] = await smtp.waitFor(
      1,
      10_000,
      (m) => m.parsed.subject === 'Your new ticket for Night show',
    );
    expect(mail!.parsed.text).toContain(`It replaces ticket ${original.id}, which no longer gets anyone in`);
    expect(mail!.parsed.text).toContain(fresh.wallet_url);
    expect(mail!.parsed.text).not.toContain('transferred a ticket');
  });

  it('without SMTP the transfer mail waits in the outbox, visible in GET /v2/mail', async () => {
    const t = await makeTestApp({ workers: true });
    cleanups.push(() => t.close());
    const original = await buyOne(t);
    const transfer = await t.call('POST', `/v2/tickets/${original.id}/transfer`, {
      to_email: 'linus@example.test',
    });
    expect(transfer.statusCode).toBe(200);
    const list = await t.call('GET', '/v2/mail?status=pending');
    expect(list.statusCode).toBe(200);
    const body = list.json() as { data: Record<string, unknown>[] };
    // The buyer's order mail, then the recipient's.
    expect(body.data).toHaveLength(2);
    expect(body.data[1]).toMatchObject({
      to: 'linus@example.test',
      kind: 'ticket_transfer',
      status: 'pending',
      attempts: 0,
      sent_at: null,
    });
    expect(body.data[0]).not.toHaveProperty('text_body');
  });
});
