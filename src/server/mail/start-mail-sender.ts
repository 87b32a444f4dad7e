import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { SettingsService } from '../domain/settings.js';
import { MailRepo } from '../store/mail-repo.js';
import { MailSender } from './mail-sender.js';

/** Without MARQUEE_SMTP_FROM, mail comes from the venue's name at a placeholder address. */
export function defaultMailFrom(venueName: string): string {
  const name = venueName.replace(/["\\\r\n]/g, '').trim() || 'Marquee';
  return `"${name}" <tickets@marquee.local>`;
}

/**
 * Starts the mail sender when workers are on and an SMTP server is configured; otherwise mail
 * simply waits in the outbox (GET /v2/mail shows it). Stops before the store closes.
 */
export function startMailSender(ctx: AppContext, log: FastifyBaseLogger): MailSender | null {
  const { options } = ctx;
  if (!options.workers || !options.smtpUrl) return null;
  const settings = new SettingsService(
    ctx.db,
    { venueName: options.venueName },
    ctx.attendantPin,
    ctx.actions,
  );
  const sender = new MailSender(
    {
      smtpUrl: options.smtpUrl,
      // The venue's name as Settings has it now, not as it was at start.
      from: () => options.smtpFrom ?? defaultMailFrom(settings.view().venue_name),
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
