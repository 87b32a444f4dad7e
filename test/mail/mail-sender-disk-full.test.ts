/**
 * The mail sender when the disk fills between handing a mail to the SMTP server and writing
 * that it was sent: a real SMTP server on loopback, the store on a real tmpfs. The mail must not
 * go out again at every look while the disk is full, and is recorded as sent once space is back.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { inTransaction } from '../../src/server/store/db.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import { testOptions } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

let disk: SmallDisk | undefined;
let app: FastifyInstance | undefined;
let smtp: SmtpCatcher | undefined;

afterEach(async () => {
  await app?.close();
  await smtp?.close();
  disk?.unmount();
  app = smtp = disk = undefined;
});

const mailStatus = (id: string): string =>
  app!.ctx.db.prepare('SELECT status FROM mail_outbox WHERE id = ?').pluck().get(id) as string;

describe('the mail sender on a full disk', () => {
  it('does not send a mail again while its "sent" cannot be written, and records it once space is back', async () => {
    disk = mountSmallDisk(8 * 1024 * 1024);
    smtp = await SmtpCatcher.start();
    app = await buildApp(
      testOptions(disk.dir, {
        workers: true,
        smtpUrl: smtp.url,
        now: Date.now,
        // A look at the outbox every 50 ms: without the fix, a resend every 50 ms.
        mailSender: {
          pollMs: 50,
          stopGraceMs: 2_000,
          policy: { backoffMs: [40, 80], unreachableRetryMs: 50 },
        },
      }),
    );
    // The SMTP server holds its answer to DATA for a moment: the mail is mid-send meanwhile.
    smtp.delayDataMs = 1_000;
    const id = inTransaction(app.ctx.db, () =>
      app!.ctx.mail.enqueue({ to: 'guest@example.test', subject: 'Your tickets', text: 'See you there.' }),
    );
    await eventually(() => (smtp!.held === 1 ? true : undefined), 10_000, 'the mail reaching SMTP');

    // While it is with the SMTP server, the disk fills: nothing the store writes next fits
    // (the WAL is emptied first, so the next write needs new space).
    app.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    disk.fill(0);
    await smtp.waitFor(1, 10_000);
    await eventually(() => (app!.ctx.storage.full ? true : undefined), 10_000, 'the disk noticed as full');

    // Twenty looks at the outbox later: still the one delivery, the row still pending.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.held).toBe(1);
    expect(mailStatus(id)).toBe('pending');

    disk.free();
    await eventually(
      () => (mailStatus(id) === 'sent' ? true : undefined),
      10_000,
      'the mail recorded as sent',
    );
    await eventually(() => (app!.ctx.storage.full ? undefined : true), 10_000, 'storage ok again');
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.held).toBe(1);
  }, 40_000);
});
