import type { MailView } from '../api/types.js';

/** The outbox's wording for a server it cannot reach (src/server/mail/mail-sender.ts). */
const unreachablePrefix = 'SMTP server unreachable:';

export interface MailStateWords {
  tone: 'ok' | 'waiting' | 'failed';
  /** "Sent to ada@example.com", "Queued for …", "Failed: …". */
  text: string;
}

/**
 * What a till says about an order's mail. Queued mail that was never tried waits for the venue
 * server's mail server (none may be set up: Settings › Mail says so); one that could not reach it
 * is retried by itself; a failed one names the reason (a refused address).
 */
export function mailStateWords(
  mail: Pick<MailView, 'to' | 'status' | 'attempts' | 'last_error'>,
): MailStateWords {
  if (mail.status === 'sent') return { tone: 'ok', text: `Sent to ${mail.to}` };
  if (mail.status === 'failed') {
    return {
      tone: 'failed',
      text: `Not sent to ${mail.to}: ${mail.last_error ?? 'the mail server refused it'}`,
    };
  }
  if (mail.attempts === 0)
    return { tone: 'waiting', text: `Queued for ${mail.to}: waiting for the mail server` };
  if (mail.last_error?.startsWith(unreachablePrefix)) {
    return {
      tone: 'waiting',
      text: `Queued for ${mail.to}: the mail server cannot be reached; it keeps trying (${mail.attempts} tries)`,
    };
  }
  return {
    tone: 'waiting',
    text: `Queued for ${mail.to}: will try again (${mail.attempts} tries; last: ${mail.last_error ?? 'no answer'})`,
  };
}

/** Whether the till should look again soon: something is still on its way. */
export const anyPending = (mail: readonly Pick<MailView, 'status'>[]): boolean =>
  mail.some((m) => m.status === 'pending');
