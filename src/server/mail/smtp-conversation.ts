import type { Logger } from 'nodemailer/lib/shared/index.js';

/**
 * Whether the SMTP server was reached in a send: nodemailer logs "Sending message" once the server
 * has greeted and taken EHLO (and the login), just before MAIL FROM. A failure after that is the
 * conversation breaking (a dropped connection mid-DATA, a proxy that cuts large messages), not an
 * outage: it must use up attempts with backoff, not hold every other mail back behind it.
 */
export class SmtpConversationWatch {
  private started = false;

  /** nodemailer's `logger` option: only the transport's "send" line is read; the rest is dropped. */
  readonly logger: Logger = {
    level: (): void => undefined,
    trace: (): void => undefined,
    debug: (): void => undefined,
    info: (entry?: unknown): void => {
      if ((entry as { tnx?: unknown } | null)?.tnx === 'send') this.started = true;
    },
    warn: (): void => undefined,
    error: (): void => undefined,
    fatal: (): void => undefined,
  };

  /** Called before each send (the sender sends one mail at a time). */
  reset(): void {
    this.started = false;
  }

  /** True once the server has greeted and the mail transaction began. */
  get reachedServer(): boolean {
    return this.started;
  }
}
