import type { FastifyInstance } from 'fastify';
import type { components } from '../../src/shared/api/schema.js';
import { rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ServerOptions } from '../../src/server/config.js';
import type { MailSenderOverrides } from '../../src/server/mail/mail-sender.js';
import type { OutgoingMail } from '../../src/server/domain/mail-port.js';
import { qrPng } from '../../src/server/pages/qr-png.js';
import { ensureTlsMaterial } from '../../src/server/tls.js';
import { inTransaction } from '../../src/server/store/db.js';
import { eventually } from '../support/eventually.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { adminSecret, makeTestApp, tempDataDir, testOptions, type TestApp } from '../support/test-app.js';

/** Real clock (backoff is measured in real ms here) and a sender tuned to react in milliseconds. */
const fast: MailSenderOverrides = {
  pollMs: 50,
  stopGraceMs: 2_000,
  policy: { backoffMs: [40, 80], maxAttempts: 3, unreachableRetryMs: 50 },
};

type MailListItem = components['schemas']['Mail'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function catcher(port = 0): Promise<SmtpCatcher> {
  const server = await SmtpCatcher.start(port);
  cleanups.push(() => server.close());
  return server;
}

async function appWithSender(smtpUrl: string, tuning: MailSenderOverrides = fast): Promise<TestApp> {
  const t = await makeTestApp({ workers: true, smtpUrl, now: Date.now, mailSender: tuning });
  cleanups.push(() => t.close());
  return t;
}

function enqueue(app: FastifyInstance, mail: OutgoingMail): string {
  return inTransaction(app.ctx.db, () => app.ctx.mail.enqueue(mail));
}

async function mailList(app: FastifyInstance, query = ''): Promise<MailListItem[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/v2/mail${query}`,
    headers: { authorization: `Bearer ${adminSecret}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: MailListItem[] }).data;
}

/** Polls the outbox until `check` holds; bounded in time, and on failure shows what it last read. */
function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  let last: T | undefined;
  return eventually(
    async () => {
      last = await read();
      return check(last) ? last : undefined;
    },
    timeoutMs,
    () => `the outbox, last ${JSON.stringify(last)}`,
  );
}

const simpleMail = (to: string, subject: string): OutgoingMail => ({
  to,
  subject,
  text: `Body of ${subject}`,
});

describe('mail sender against a real SMTP server on loopback', () => {
  it('delivers an enqueued mail with its inline PNG, woken by the enqueue rather than the poll', async () => {
    const smtp = await catcher();
    // A one-minute poll: only the enqueue's wake-up can deliver within the test's time.
    const t = await appWithSender(smtp.url, { ...fast, pollMs: 60_000 });
    const png = await qrPng('hello from the outbox');
    const started = Date.now();
    const id = enqueue(t.app, {
      to: 'guest@example.test',
      subject: 'Your ticket',
      text: 'Your ticket is attached.',
      html: '<p>Your ticket</p><img src="cid:qr@marquee" alt="QR">',
      attachments: [{ filename: 'ticket-qr.png', cid: 'qr@marquee', contentType: 'image/png', content: png }],
    });

    // A third of the poll: room for a loaded machine, and still only a wake-up can make it.
    const [mail] = await smtp.waitFor(1, 20_000);
    const latencyMs = Date.now() - started;
    expect(latencyMs).toBeLessThan(20_000); // far below the 60 s poll: the enqueue woke the sender
    expect(mail!.rcptTo).toEqual(['guest@example.test']);
    expect(mail!.parsed.subject).toBe('Your ticket');
    expect(mail!.parsed.text?.trim()).toBe('Your ticket is attached.');
    expect(mail!.parsed.html).toContain('src="cid:qr@marquee"');
    expect(mail!.parsed.messageId).toBe(`<${id}@marquee.local>`);
    const inline = mail!.parsed.attachments.find((a) => a.cid === 'qr@marquee');
    expect(inline?.contentType).toBe('image/png');
    expect(inline?.contentDisposition).toBe('inline');
    expect(Buffer.compare(inline!.content, png)).toBe(0);
    expect(decodeQrPng(inline!.content)).toBe('hello from the outbox');

    const [row] = await until(
      () => mailList(t.app),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ id, status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    expect(Date.parse(row!.sent_at!)).toBeGreaterThanOrEqual(started - 1000);
    console.log(`enqueue → accepted by SMTP: ${latencyMs} ms`);
  });

  it('sends from the venue name as Settings has it now, not as it was at start', async () => {
    const smtp = await catcher();
    const t = await appWithSender(smtp.url);
    const renamed = await t.call('PATCH', '/v2/settings', { venue_name: 'The Roxy' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    enqueue(t.app, simpleMail('guest@example.test', 'Renamed'));
    const [mail] = await smtp.waitFor(1, 5_000);
    expect(mail!.parsed.from?.text).toBe('"The Roxy" <tickets@marquee.local>');
  });

  it('keeps mail pending with attempts and the error while SMTP is down, then delivers once it is up', async () => {
    const port = await SmtpCatcher.freePort();
    const t = await appWithSender(`smtp://127.0.0.1:${port}`);
    const ids = [1, 2, 3].map((n) => enqueue(t.app, simpleMail(`late${n}@example.test`, `Waiting ${n}`)));

    // One connection attempt per interval, made with the oldest mail; the others are not touched.
    // The cap here is 3 attempts, and an unreachable server never uses a mail up.
    const waiting = await until(
      () => mailList(t.app, '?status=pending'),
      (rows) => (rows[0]?.attempts ?? 0) > 3,
    );
    expect(waiting.map((m) => m.id)).toEqual(ids);
    expect(waiting[0]!.last_error).toMatch(/^SMTP server unreachable: .*ECONNREFUSED/);
    expect(waiting[0]!.next_attempt_at).not.toBeNull();
    expect(waiting.slice(1).map((m) => [m.attempts, m.last_error])).toEqual([
      [0, null],
      [0, null],
    ]);

    const smtp = await catcher(port);
    const mails = await smtp.waitFor(3, 5_000);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Waiting 1', 'Waiting 2', 'Waiting 3']);
    const sent = await until(
      () => mailList(t.app),
      (rows) => rows.every((m) => m.status === 'sent'),
    );
    expect(sent[0]!.attempts).toBeGreaterThan(3);
    expect(sent.slice(1).map((m) => m.attempts)).toEqual([1, 1]);
  });

  it('after an outage, the first successful send releases the mails it held back', async () => {
    const port = await SmtpCatcher.freePort();
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // A long outage wait, so only the release can explain a prompt delivery.
    const slow: MailSenderOverrides = {
      ...fast,
      policy: { ...fast.policy, backoffMs: [60_000], unreachableRetryMs: 60_000 },
    };
    const options = testOptions(dataDir, {
      workers: true,
      now: Date.now,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailSender: slow,
    });
    const first = await buildApp(options);
    const heldBack = enqueue(first, simpleMail('held@example.test', 'Held back'));
    const [failedOnce] = await until(
      () => mailList(first),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(Date.parse(failedOnce!.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000);
    await first.close();

    const smtp = await catcher(port);
    const second = await buildApp(options);
    cleanups.push(() => second.close());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(0); // still waiting out its minute
    enqueue(second, simpleMail('new@example.test', 'New mail'));
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['New mail', 'Held back']);
    const rows = await until(
      () => mailList(second),
      (list) => list.every((m) => m.status === 'sent'),
    );
    expect(rows[0]).toMatchObject({ id: heldBack, attempts: 2 });
  });

  it('POST /v2/mail/{id}/retry ends the outage wait at once', async () => {
    const port = await SmtpCatcher.freePort();
    const slow: MailSenderOverrides = { ...fast, policy: { ...fast.policy, unreachableRetryMs: 60_000 } };
    const t = await appWithSender(`smtp://127.0.0.1:${port}`, slow);
    const a = enqueue(t.app, simpleMail('a@example.test', 'Mail A'));
    enqueue(t.app, simpleMail('b@example.test', 'Mail B'));
    await until(
      () => mailList(t.app),
      (rows) => rows[0]?.attempts === 1,
    );
    const smtp = await catcher(port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(0);
    expect((await t.call('POST', `/v2/mail/${a}/retry`)).statusCode).toBe(200);
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Mail A', 'Mail B']);
  });

  it('loses nothing pending across a restart: mail written without SMTP goes out on the next start', async () => {
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const noSmtp: ServerOptions = testOptions(dataDir, { workers: true, now: Date.now });
    const first = await buildApp(noSmtp);
    const ids = [1, 2, 3].map((n) => enqueue(first, simpleMail(`guest${n}@example.test`, `Mail ${n}`)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mailList(first)).map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);
    await first.close();

    const smtp = await catcher();
    const second = await buildApp({ ...noSmtp, smtpUrl: smtp.url, mailSender: fast });
    cleanups.push(() => second.close());
    const mails = await smtp.waitFor(3, 5_000);
    // Written order is sending order.
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
    const rows = await until(
      () => mailList(second),
      (list) => list.every((m) => m.status === 'sent'),
    );
    expect(rows.map((m) => m.id)).toEqual(ids);
  });

  it('a shutdown during a send leaves the mail pending, and the next start delivers it (at least once)', async () => {
    const smtp = await catcher();
    smtp.delayDataMs = Infinity; // the reply comes when this test says
    const dataDir = tempDataDir();
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const options = testOptions(dataDir, {
      workers: true,
      now: Date.now,
      smtpUrl: smtp.url,
      mailSender: { ...fast, stopGraceMs: 100 },
    });
    const first = await buildApp(options);
    const id = enqueue(first, simpleMail('inflight@example.test', 'Caught mid-send'));
    // Close only once the server has the whole message and is holding its reply.
    await until(
      async () => smtp.held,
      (held) => held === 1,
    );
    await first.close();
    // The close did not wait for the reply: it is still held (stopGraceMs cut the send short).
    expect(smtp.mails).toHaveLength(0);

    smtp.delayDataMs = 0;
    const second = await buildApp(options);
    cleanups.push(() => second.close());
    const rows = await until(
      () => mailList(second),
      (list) => list[0]?.status === 'sent',
    );
    expect(rows[0]!.id).toBe(id);
    // The abandoned send still completes on the server (its reply was only delayed): the mail
    // arrives twice, which at-least-once allows, and the late reply did not touch the store.
    smtp.releaseHeld();
    const copies = await smtp.waitFor(2, 5_000, (m) => m.parsed.subject === 'Caught mid-send');
    expect(copies).toHaveLength(2);
    expect(copies[0]!.parsed.messageId).toBe(copies[1]!.parsed.messageId);
    expect((await mailList(second))[0]).toMatchObject({ id, status: 'sent', attempts: 1 });
  });

  it('a permanent refusal (5xx) fails at once; POST /v2/mail/{id}/retry sends it again', async () => {
    const smtp = await catcher();
    smtp.answerRcpt = (address) =>
      address === 'nobody@example.test' ? { code: 550, message: 'No such mailbox' } : 'accept';
    const t = await appWithSender(smtp.url);
    const id = enqueue(t.app, simpleMail('nobody@example.test', 'Bounce me'));

    const [failed] = await until(
      () => mailList(t.app, '?status=failed'),
      (rows) => rows.length === 1,
    );
    expect(failed).toMatchObject({ id, status: 'failed', attempts: 1, next_attempt_at: null, sent_at: null });
    expect(failed!.last_error).toMatch(/550/);
    expect(smtp.mails).toHaveLength(0);

    smtp.answerRcpt = () => 'accept';
    const retried = await t.call('POST', `/v2/mail/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: 'pending', attempts: 0 });
    await smtp.waitFor(1, 5_000);
    const [sent] = await until(
      () => mailList(t.app),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(sent!.attempts).toBe(1);
    const again = await t.call('POST', `/v2/mail/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('mail_already_sent');
  });

  it('a temporary refusal (4xx) is retried with backoff and marked failed after maxAttempts', async () => {
    const smtp = await catcher();
    const tries: number[] = [];
    smtp.answerRcpt = () => {
      tries.push(Date.now());
      return { code: 451, message: 'Try again later' };
    };
    const t = await appWithSender(smtp.url);
    const id = enqueue(t.app, simpleMail('greylisted@example.test', 'Greylisted'));
    const [failed] = await until(
      () => mailList(t.app, '?status=failed'),
      (rows) => rows.length === 1,
    );
    expect(failed).toMatchObject({ id, attempts: 3 });
    expect(failed!.last_error).toMatch(/451/);
    expect(tries).toHaveLength(3);
    // Backoff 40 ms then 80 ms between the three tries.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(35);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(75);
  });
});

describe('mail sender with a server slow to confirm', () => {
  it('a server silent after DATA uses attempts up with backoff, not the outage loop that re-sent every 30 s', async () => {
    const smtp = await catcher();
    // It takes the whole message and never confirms it (a scan that hangs).
    smtp.delayDataMs = Infinity;
    const t = await appWithSender(smtp.url, { ...fast, socketTimeoutMs: 300 });
    const id = enqueue(t.app, simpleMail('slowscan@example.test', 'Slow scan'));
    const [failed] = await until(
      () => mailList(t.app, '?status=failed'),
      (rows) => rows.length === 1,
    );
    expect(failed).toMatchObject({ id, attempts: 3 });
    expect(failed!.last_error).toBe(
      'the mail server went silent before confirming the message (it may have taken it); trying again later',
    );
    // Three attempts, as the policy allows, not one every outage interval for ever.
    expect(smtp.held).toBe(3);
  });
});

describe('mail sender with a server that drops the connection mid-DATA', () => {
  it('uses that mail’s attempts up with backoff and lets the other mail go, not the outage loop that held every mail behind it', async () => {
    const smtp = await catcher();
    smtp.dropMidData = (address) => address === 'cutoff@example.test';
    // A long outage wait: were the drop read as an outage, the second mail would sit out this minute.
    const t = await appWithSender(smtp.url, {
      ...fast,
      policy: { ...fast.policy, unreachableRetryMs: 60_000 },
    });
    const cut = enqueue(t.app, simpleMail('cutoff@example.test', 'Cut off'));
    enqueue(t.app, simpleMail('fine@example.test', 'Fine'));
    const [delivered] = await smtp.waitFor(1, 5_000);
    expect(delivered!.rcptTo).toEqual(['fine@example.test']);
    const [failed] = await until(
      () => mailList(t.app, '?status=failed'),
      (rows) => rows.length === 1,
    );
    expect(failed).toMatchObject({ id: cut, attempts: 3 });
    expect(failed!.last_error).toMatch(
      /^the connection to the mail server broke before it confirmed the message \(.+\); trying again later$/,
    );
    expect(smtp.dropped).toBe(3);
  });
});

describe('mail sender behind a port forward whose SMTP server is down', () => {
  it('waits as for an outage (never failed, one try per interval), and sends once the server is back', async () => {
    // Takes each connection and closes it before any greeting, as a proxy with nothing behind it does.
    const forward = createNetServer((socket) => socket.end());
    await new Promise<void>((resolve) => forward.listen(0, '127.0.0.1', resolve));
    const port = (forward.address() as AddressInfo).port;
    cleanups.push(() => new Promise((resolve) => forward.close(() => resolve())));
    const slow: MailSenderOverrides = { ...fast, policy: { ...fast.policy, unreachableRetryMs: 60_000 } };
    const t = await appWithSender(`smtp://127.0.0.1:${port}`, slow);
    const first = enqueue(t.app, simpleMail('a@example.test', 'Mail A'));
    enqueue(t.app, simpleMail('b@example.test', 'Mail B'));
    const rows = await until(
      () => mailList(t.app),
      (list) => list[0]?.attempts === 1,
    );
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(rows[0]!.last_error).toBe(
      'SMTP server unreachable: the connection was closed before the mail server greeted (Unexpected socket close)',
    );
    await new Promise<void>((resolve) => forward.close(() => resolve()));
    const smtp = await catcher(port);
    expect((await t.call('POST', `/v2/mail/${first}/retry`)).statusCode).toBe(200);
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['Mail A', 'Mail B']);
  });
});

describe('mail sender when the venue’s SMTP settings are wrong', () => {
  it('a relay that will not pass mail on fails no buyer’s mail: held, said as a setting, sent once fixed', async () => {
    const smtp = await catcher();
    smtp.answerRcpt = (address) => ({ code: 554, message: `5.7.1 <${address}>: Relay access denied` });
    const t = await appWithSender(smtp.url);
    const id = enqueue(t.app, simpleMail('buyer@example.test', 'Your tickets'));
    const [held] = await until(
      () => mailList(t.app),
      (rows) => (rows[0]?.attempts ?? 0) >= 2,
    );
    expect(held).toMatchObject({ id, status: 'pending' });
    expect(held!.last_error).toMatch(
      /^Mail server settings: the mail server will not relay mail for this venue/,
    );
    expect(held!.last_error).toContain('Relay access denied');
    smtp.answerRcpt = () => 'accept';
    await smtp.waitFor(1, 5_000);
    const [sent] = await until(
      () => mailList(t.app),
      (rows) => rows[0]?.status === 'sent',
    );
    // Sent: the error from before is history, not the mail's state.
    expect(sent).toMatchObject({ id, status: 'sent', last_error: null });
  });

  it('a refused password fails no buyer’s mail: they wait, saying what to fix, and go once the login works', async () => {
    const smtp = await catcher();
    // The password was changed at the mail provider; MARQUEE_SMTP_URL still has the old one.
    smtp.login = { user: 'venue', pass: 'new-password' };
    const t = await appWithSender(`smtp://venue:old-password@127.0.0.1:${smtp.port}`);
    const ids = ['ada', 'bob'].map((name) =>
      enqueue(t.app, simpleMail(`${name}@example.test`, `For ${name}`)),
    );

    // More tries than maxAttempts (3), and still waiting: the buyers' addresses are not at fault.
    const waiting = await until(
      () => mailList(t.app),
      (rows) => (rows[0]?.attempts ?? 0) > 3,
    );
    expect(waiting.map((m) => [m.id, m.status])).toEqual(ids.map((id) => [id, 'pending']));
    expect(waiting[0]!.last_error).toBe(
      'Mail server settings: the mail server refused the user name or password in MARQUEE_SMTP_URL ' +
        '(the server said: 535 5.7.8 Authentication credentials invalid).',
    );
    expect(waiting[0]!.last_error).not.toContain('old-password');
    // One login attempt per interval, with the oldest mail: the other is not tried meanwhile.
    expect(waiting[1]!.attempts).toBe(0);

    smtp.login = { user: 'venue', pass: 'old-password' };
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.parsed.subject)).toEqual(['For ada', 'For bob']);
    await until(
      () => mailList(t.app),
      (rows) => rows.every((m) => m.status === 'sent'),
    );
  });

  it('a test mail from Settings tells the truth: it waits with the reason while the login is refused, then arrives', async () => {
    const smtp = await catcher();
    smtp.login = { user: 'venue', pass: 'new-password' };
    const t = await appWithSender(`smtp://venue:old-password@127.0.0.1:${smtp.port}`);
    const queued = await t.call('POST', '/v2/mail/test', { to: 'manager@example.test' });
    expect(queued.statusCode).toBe(200);
    const [waiting] = await until(
      () => mailList(t.app),
      (rows) => (rows[0]?.attempts ?? 0) > 0,
    );
    expect(waiting).toMatchObject({ status: 'pending', subject: 'Marquee test mail' });
    expect(waiting!.last_error).toMatch(
      /^Mail server settings: the mail server refused the user name or password/,
    );

    smtp.login = { user: 'venue', pass: 'old-password' };
    const [mail] = await smtp.waitFor(1, 5_000);
    expect(mail!.rcptTo).toEqual(['manager@example.test']);
    expect(mail!.parsed.subject).toBe('Marquee test mail');
    expect(mail!.parsed.text).toContain('the box office can email tickets');
  });

  it('names a missing login and a TLS mismatch in words, and keeps the mail', async () => {
    const smtp = await catcher();
    smtp.login = { user: 'venue', pass: 'secret' };
    const noLogin = await appWithSender(smtp.url);
    enqueue(noLogin.app, simpleMail('ada@example.test', 'No login'));
    // smtps:// (TLS from the first byte) to a server that speaks plain SMTP on that port.
    const tls = await appWithSender(`smtps://venue:secret@127.0.0.1:${smtp.port}`);
    enqueue(tls.app, simpleMail('bob@example.test', 'Wrong TLS'));

    const [missing] = await until(
      () => mailList(noLogin.app),
      (rows) => (rows[0]?.attempts ?? 0) > 3,
    );
    expect(missing).toMatchObject({ status: 'pending' });
    expect(missing!.last_error).toMatch(
      /^Mail server settings: the mail server asks for a user name and password, and MARQUEE_SMTP_URL gives none \(the server said: 530 /,
    );
    const [mismatch] = await until(
      () => mailList(tls.app),
      (rows) => (rows[0]?.attempts ?? 0) > 3,
    );
    expect(mismatch).toMatchObject({ status: 'pending' });
    expect(mismatch!.last_error).toBe(
      'Mail server settings: the mail server and MARQUEE_SMTP_URL disagree about encryption: smtps:// is for a port that starts with TLS (usually 465), smtp:// for the others (25, 587).',
    );
    expect(smtp.mails).toHaveLength(0);
  });
});

/** A real implicit-TLS listener on loopback: it waits for a TLS handshake and never greets in plain text. */
async function tlsOnlyServer(): Promise<number> {
  const dir = tempDataDir();
  const { key, cert } = ensureTlsMaterial(dir, '127.0.0.1');
  const server = createTlsServer({ key, cert }, (socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });
  return (server.address() as AddressInfo).port;
}

describe('smtp:// to a server that expects TLS from the start', () => {
  it('waits as for an outage, and last_error names smtps:// as the likely fix', async () => {
    const port = await tlsOnlyServer();
    // The greeting timeout shortened so the test waits for the sender's verdict, not for 10 s.
    const t = await appWithSender(`smtp://127.0.0.1:${port}`, { ...fast, greetingTimeoutMs: 200 });
    enqueue(t.app, simpleMail('ada@example.test', 'Implicit TLS'));
    const [mail] = await until(
      () => mailList(t.app),
      (rows) => (rows[0]?.attempts ?? 0) >= 1,
    );
    expect(mail).toMatchObject({ status: 'pending' });
    expect(mail!.last_error).toBe(
      'SMTP server unreachable: Greeting never received (no greeting: if this server expects TLS from the start, use smtps:// in MARQUEE_SMTP_URL)',
    );
  });
});

describe('mail retries after the server clock is stepped back (NTP fixing a wrong clock)', () => {
  it('a retry scheduled two days ahead waits only its own backoff from the corrected time', async () => {
    const smtp = await catcher();
    let refusing = true;
    smtp.answerRcpt = () => (refusing ? { code: 451, message: 'Try again later' } : 'accept');
    let offset = 2 * 24 * 3600 * 1000;
    const t = await makeTestApp({
      workers: true,
      smtpUrl: smtp.url,
      now: () => Date.now() + offset,
      mailSender: { ...fast, policy: { backoffMs: [300], maxAttempts: 5, unreachableRetryMs: 50 } },
    });
    cleanups.push(() => t.close());
    const id = enqueue(t.app, simpleMail('ahead@example.test', 'Ahead'));
    const [waiting] = await until(
      () => mailList(t.app),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(Date.parse(waiting!.next_attempt_at!)).toBeGreaterThan(Date.now() + offset - 60_000);

    refusing = false;
    offset = 0;
    const [sent] = await until(
      () => mailList(t.app, '?status=sent'),
      (rows) => rows.length === 1,
    );
    expect(sent).toMatchObject({ id, attempts: 2 });
  });
});
