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

/**
 * What the till says once "Email tickets…" is answered. The server answers a mail for the same
 * order and address still waiting rather than queue a second one, so a seller asking again is told
 * the first is on its way, not that another was sent. `list` names where the mail's state shows.
 */
export function resendNote(mail: Pick<MailView, 'to'>, alreadyQueued: boolean, list: string): string {
  return alreadyQueued
    ? `Already queued for ${mail.to}; it goes out when the mail server answers (${list} says when). No second mail was queued.`
    : `The tickets are queued for ${mail.to}; ${list} says when they are sent.`;
}
