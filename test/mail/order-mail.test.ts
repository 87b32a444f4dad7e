import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import type { CaughtMail } from '../support/smtp-catcher.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { pdfPages, pdfQrCodes } from '../support/pdf-tools.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

interface TicketView {
  id: string;
  event_id: string;
  status: string;
  wallet_url: string;
  paper_pass: string | null;
}
interface OrderView {
  id: string;
  buyer: { name: string | null; email: string | null } | null;
  tickets: TicketView[];
}
interface MailView {
  id: string;
  to: string;
  kind: string;
  ref: string | null;
  status: string;
  last_error: string | null;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The venue's clock: real time passing (the mail sender's timers run on it), started on the
 * afternoon before the show below, so the show's passes stay valid whatever day the suite runs.
 */
const showAfternoon = Date.parse('2026-11-26T18:00:00Z');
const venueNow = (
  (skew) => () =>
    Date.now() - skew
)(Date.now() - showAfternoon);

/** The server over real HTTP on 127.0.0.1, with its mail sender pointed at `smtpUrl`. */
async function venue(
  smtpUrl: string,
  unreachableRetryMs = 50,
): Promise<{ t: TestApp; base: string; api: typeof fetch }> {
  const t = await makeTestApp({
    workers: true,
    smtpUrl,
    now: venueNow,
    mailSender: { pollMs: 50, policy: { backoffMs: [40], maxAttempts: 3, unreachableRetryMs } },
  });
  cleanups.push(() => t.close());
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  // Links in mail point at the server the test talks to, as MARQUEE_BASE_URL would make them.
  t.app.ctx.urls.setBase(base);
  const api = ((path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
    })) as typeof fetch;
  return { t, base, api };
}

/** A mail catcher on loopback and the venue mailing through it. */
async function mailedVenue(): Promise<{ smtp: SmtpCatcher; api: typeof fetch }> {
  const smtp = await SmtpCatcher.start();
  cleanups.push(() => smtp.close());
  const { api } = await venue(smtp.url);
  return { smtp, api };
}

/** POST /v2/orders as the admin; the sale must go through. */
async function placeOrder(api: typeof fetch, body: Record<string, unknown>): Promise<OrderView> {
  return json<OrderView>(await api('/v2/orders', { method: 'POST', body: JSON.stringify(body) }));
}

/** Polls the outbox until `check` holds for its mails; bounded in time. */
function outboxUntil(api: typeof fetch, check: (mails: MailView[]) => boolean): Promise<MailView[]> {
  let last: MailView[] = [];
  return eventually(
    async () => {
      last = (await json<{ data: MailView[] }>(await api('/v2/mail'))).data;
      return check(last) ? last : undefined;
    },
    15_000,
    () => `the outbox, last ${JSON.stringify(last)}`,
  );
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** A published New York event: doors 2026-11-27T00:00Z are 19:00 on Thursday 26 Nov there. */
async function newYorkShow(
  api: typeof fetch,
  title = 'Harbour Lights',
): Promise<{ eventId: string; tierId: string }> {
  const event = await json<{ id: string }>(
    await api('/v2/events', {
      method: 'POST',
      body: JSON.stringify({
        title,
        venue: 'Pier 17, New York',
        doors_at: '2026-11-27T00:00:00Z',
        timezone: 'America/New_York',
        tickets: [{ name: 'Balcony', price_cents: 4500, quantity: 50 }],
      }),
    }),
  );
  await json(await api(`/v2/events/${event.id}/publish`, { method: 'POST', body: '{}' }));
  const tiers = await json<{ data: { id: string }[] }>(await api(`/v2/events/${event.id}/tiers`));
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}

function pdfOf(mail: CaughtMail): Buffer {
  const pdfs = mail.parsed.attachments.filter((a) => a.contentType === 'application/pdf');
  expect(pdfs).toHaveLength(1);
  return pdfs[0]!.content;
}

/** What a door does with a phone's code: validate the token the wallet page shows now. */
/** What the door says to a code read off a printed page. */
async function admit(api: typeof fetch, token: string, eventId: string) {
  return json<{ result: string; reason: string | null; credential: string; ticket: { id: string } }>(
    await api('/v2/scan/validate', {
      method: 'POST',
      body: JSON.stringify({ token, event_id: eventId }),
    }),
  );
}

describe('order mail over real HTTP and SMTP (issue "Tickets that get people in")', () => {
  it('a checkout with a buyer email mails its tickets: one PDF page each, doors in the event’s zone, a QR that gets them in', async () => {
    const { smtp, api } = await mailedVenue();
    const { eventId, tierId } = await newYorkShow(api);

    const order = await placeOrder(api, {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 2 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
      attendees: [{ name: 'Ada Lovelace' }, { name: 'Grace Hopper' }],
      payment_method: 'card',
    });

    const [mail] = await smtp.waitFor(1, 15_000, (m) => m.rcptTo.includes('ada@example.test'));
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Your tickets for Harbour Lights');
    expect(parsed.text).toContain('Doors: Thu 26 Nov 2026, 19:00 (New York time)');
    for (const ticket of order.tickets) {
      expect(parsed.text).toContain(ticket.wallet_url);
      expect(parsed.html).toContain(`href="${ticket.wallet_url}"`);
    }

    // The PDF parses with another reader: one page per ticket, each with what the door needs.
    const pdf = pdfOf(mail!);
    const attachment = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(attachment.filename).toBe(`tickets-${order.id}.pdf`);
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(2);
    order.tickets.forEach((ticket, i) => {
      const page = pages[i]!;
      expect(page).toContain('Harbour Lights');
      expect(page).toContain('Pier 17, New York');
      expect(page).toContain('Doors: Thu 26 Nov 2026, 19:00 (New York time)');
      expect(page).toContain('Balcony');
      expect(page).toContain(['Ada Lovelace', 'Grace Hopper'][i]!);
      expect(page).toContain(ticket.id);
      expect(page).toContain(order.id);
      expect(page).not.toMatch(/GMT|:00:00/);
    });

    // Each page's QR, read from the rendered page, is the ticket's paper pass, which the door admits.
    const codes = pdfQrCodes(pdf);
    expect(codes).toEqual(order.tickets.map((ticket) => ticket.paper_pass));
    const first = await admit(api, codes[0]!, eventId);
    expect(first).toMatchObject({
      result: 'admitted',
      reason: null,
      credential: 'paper',
      ticket: { id: order.tickets[0]!.id },
    });

    const outbox = await json<{ data: MailView[] }>(await api('/v2/mail'));
    expect(outbox.data).toEqual([
      expect.objectContaining({
        to: 'ada@example.test',
        kind: 'order_confirmation',
        ref: order.id,
        status: 'sent',
      }),
    ]);
  });

  it('names, a title and an address outside Western European scripts reach the PDF and the mailbox, through HTTP and SMTP', async () => {
    const { smtp, api } = await mailedVenue();
    const { eventId, tierId } = await newYorkShow(api, 'Đêm nhạc Łódź');
    const names = ['Ёлкина', 'Παπαδόπουλος', 'Nguyễn Thị Ánh'];
    const order = await placeOrder(api, {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: names.length }],
      // An address in her own script, domain too (RFC 6531, sent with SMTPUTF8).
      buyer: { name: 'Łucja Wróbel', email: 'łucja@wrocław.test' },
      attendees: names.map((name) => ({ name })),
      payment_method: 'card',
    });

    // (The catcher, as smtp-server does, reads the punycode domain back into Unicode.)
    const [mail] = await smtp.waitFor(1, 15_000, (m) => m.rcptTo.includes('łucja@wrocław.test'));
    expect(mail!.parsed.subject).toBe('Your tickets for Đêm nhạc Łódź');
    expect(order.buyer?.email).toBe('łucja@wrocław.test');
    const pages = pdfPages(pdfOf(mail!));
    expect(pages).toHaveLength(names.length);
    order.tickets.forEach((ticket, i) => {
      expect(pages[i]).toContain('Đêm nhạc Łódź');
      expect(pages[i]).toContain(names[i]);
      expect(pages[i]).toContain(ticket.id);
    });
  });

  it('resend mails the order again, to another address once; a transfer mails the recipient their own ticket', async () => {
    const { smtp, api } = await mailedVenue();
    const { eventId, tierId } = await newYorkShow(api);
    const order = await placeOrder(api, {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 2 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
      payment_method: 'cash',
    });
    await smtp.waitFor(1, 15_000, (m) => m.rcptTo.includes('ada@example.test'));

    const resent = await json<MailView>(
      await api(`/v2/orders/${order.id}/resend`, {
        method: 'POST',
        body: JSON.stringify({ email: 'partner@example.test' }),
      }),
    );
    expect(resent).toMatchObject({ to: 'partner@example.test', kind: 'order_confirmation', ref: order.id });
    const [copy] = await smtp.waitFor(1, 15_000, (m) => m.rcptTo.includes('partner@example.test'));
    expect(pdfPages(pdfOf(copy!))).toHaveLength(2);
    // A one-off address: the order still belongs to its buyer.
    const after = await json<OrderView>(await api(`/v2/orders/${order.id}`));
    expect(after.buyer).toEqual({ name: 'Ada Lovelace', email: 'ada@example.test' });

    // Transfer the second ticket: its recipient gets a one-page PDF of their new ticket.
    const fresh = await json<TicketView>(
      await api(`/v2/tickets/${order.tickets[1]!.id}/transfer`, {
        method: 'POST',
        body: JSON.stringify({ to_email: 'grace@example.test', name: 'Grace Hopper', message: 'Enjoy!' }),
      }),
    );
    const [gift] = await smtp.waitFor(1, 15_000, (m) => m.rcptTo.includes('grace@example.test'));
    expect(gift!.parsed.subject).toBe('Ada Lovelace sent you a ticket for Harbour Lights');
    expect(gift!.parsed.text).toContain(fresh.wallet_url);
    expect(gift!.parsed.text).toContain('Enjoy!');
    expect(gift!.parsed.text).not.toMatch(/few minutes/);
    const giftPdf = pdfOf(gift!);
    const [giftPage] = pdfPages(giftPdf);
    expect(giftPage).toContain('Grace Hopper');
    expect(giftPage).toContain(fresh.id);
    expect(giftPage).toContain('Doors: Thu 26 Nov 2026, 19:00 (New York time)');
    expect(pdfQrCodes(giftPdf)).toEqual([fresh.paper_pass]);
    const admitted = await admit(api, fresh.paper_pass!, eventId);
    expect(admitted).toMatchObject({ result: 'admitted', credential: 'paper', ticket: { id: fresh.id } });

    // Resent after the transfer, the buyer's mail carries only the ticket they still hold.
    await json(await api(`/v2/orders/${order.id}/resend`, { method: 'POST', body: '{}' }));
    const buyerMails = await smtp.waitFor(2, 15_000, (m) => m.rcptTo.includes('ada@example.test'));
    const latest = pdfOf(buyerMails[1]!);
    expect(buyerMails[1]!.parsed.subject).toBe('Your ticket for Harbour Lights');
    expect(pdfQrCodes(latest)).toEqual([order.tickets[0]!.paper_pass]);
    expect(pdfPages(latest).join('')).not.toContain(fresh.id);
  });

  it('an order refunded before its mail could go out fails that mail, saying why, instead of sending dead tickets', async () => {
    // SMTP is down when the order is placed, so the mail waits; it is refunded meanwhile.
    const port = await SmtpCatcher.freePort();
    // After a failed attempt the sender waits a minute: the next one comes only when asked.
    const { api } = await venue(`smtp://127.0.0.1:${port}`, 60_000);
    const { eventId, tierId } = await newYorkShow(api);
    const order = await placeOrder(api, {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
      payment_method: 'card',
    });
    // Its first attempt found no server (composed, then refused): the refund comes after it.
    await outboxUntil(api, (mails) => (mails[0]?.last_error ?? '').startsWith('SMTP server unreachable'));
    await json(await api(`/v2/orders/${order.id}/refund`, { method: 'POST', body: '{}' }));

    const smtp = await SmtpCatcher.start(port);
    cleanups.push(() => smtp.close());
    const [waiting] = await outboxUntil(api, (list) => list.length === 1);
    await json(await api(`/v2/mail/${waiting!.id}/retry`, { method: 'POST', body: '{}' }));
    const mails = await outboxUntil(api, (list) => list[0]?.status !== 'pending');
    expect(mails).toEqual([
      expect.objectContaining({ kind: 'order_confirmation', ref: order.id, status: 'failed' }),
    ]);
    expect(mails[0]!.last_error).toMatch(/voided, refunded or transferred .* nothing to send/);
    expect(smtp.mails).toHaveLength(0);
  });
});
