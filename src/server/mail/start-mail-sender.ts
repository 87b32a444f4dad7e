import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions } from '../config.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Db } from '../store/db.js';
import { MailRepo } from '../store/mail-repo.js';
import type { StorageHealth } from '../store/storage-health.js';
import type { MailOutbox } from './mail-outbox.js';
import type { MailQueue } from './mail-queue.js';
import { MailSender } from './mail-sender.js';
import type { TicketMailComposer } from './ticket-mail-composer.js';

/** What the sender is wired to; the composition root (context.ts) has each of these once. */
export interface MailSenderWiring {
  options: ServerOptions;
  db: Db;
  now: () => number;
  storage: StorageHealth;
  lifecycle: Lifecycle;
  mail: MailOutbox;
  mailQueue: MailQueue;
  ticketMail: TicketMailComposer;
  /** The venue's name as Settings has it now, not as it was at start. */
  venueName: () => string;
}

/** Without MARQUEE_SMTP_FROM, mail comes from the venue's name at a placeholder address. */
export function defaultMailFrom(venueName: string): string {
  const name = venueName.replace(/["\\\r\n]/g, '').trim() || 'Marquee';
  return `"${name}" <tickets@marquee.local>`;
}

/**
 * Starts the mail sender when workers are on and an SMTP server is configured; otherwise mail
 * simply waits in the outbox (GET /v2/mail shows it). Stops before the store closes.
 */
export function startMailSender(ctx: MailSenderWiring, log: FastifyBaseLogger): MailSender | null {
  const { options } = ctx;
  if (!options.workers || !options.smtpUrl) return null;
  const sender = new MailSender(
    {
      smtpUrl: options.smtpUrl,
      from: () => options.smtpFrom ?? defaultMailFrom(ctx.venueName()),
      tuning: options.mailSender,
    },
    {
      repo: new MailRepo(ctx.db),
      compose: ctx.ticketMail.compose,
      now: ctx.now,
      log: log.child({ worker: 'mail' }),
      storage: ctx.storage,
    },
  );
  ctx.mail.onEnqueue(() => sender.notify());
  ctx.mailQueue.onRequeue(() => sender.retryNow());
  ctx.lifecycle.onStop('mail sender', () => sender.stop());
  sender.start();
  return sender;
}
