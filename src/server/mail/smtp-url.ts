import type SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { MailServerView } from '../schemas/settings.js';

/**
 * MARQUEE_SMTP_URL read once, by nodemailer's own parser (the one `createTransport({url})` uses):
 * the sender connects with these options and Settings describes them, so what the panel says is
 * what the sender does.
 */
export function smtpConnectionOptions(smtpUrl: string): SMTPConnection.Options {
  return parseConnectionUrl(smtpUrl);
}

/**
 * Where mail goes, for Settings › Mail: host, port, TLS and whether there is a login, never the
 * user name or password. Host and port fall back as nodemailer's connection does.
 */
export function describeMailServer(options: SMTPConnection.Options): MailServerView {
  const secure = options.secure === true;
  return {
    host: options.host ?? 'localhost',
    port: options.port ?? (secure ? 465 : 587),
    secure,
    login: Boolean(options.auth?.user),
  };
}

/** Settings' `mail_server`: null while MARQUEE_SMTP_URL is unset (mail waits in the outbox). */
export function mailServerOf(smtpUrl: string | undefined): MailServerView | null {
  return smtpUrl ? describeMailServer(smtpConnectionOptions(smtpUrl)) : null;
}
