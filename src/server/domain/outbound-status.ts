import { setupPrefix, unreachablePrefix } from '../../shared/mail-last-error.js';
import type { OutboundStatusView } from '../schemas/outbound-status.js';
import type { MailCounts } from '../store/mail-counts.js';
import type { WebhookStatusView } from '../schemas/webhooks.js';

/** How far back the header's "failed" looks: a night's failures, not last month's (Settings keeps those). */
export const recentFailureMs = 24 * 60 * 60 * 1000;

const secondsSince = (at: number | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.floor((now - at) / 1000));

function mailServerState(counts: MailCounts, serverSetUp: boolean): OutboundStatusView['mail']['server'] {
  if (!serverSetUp) return 'not_set_up';
  if (counts.latestError?.startsWith(unreachablePrefix)) return 'unreachable';
  if (counts.latestError?.startsWith(setupPrefix)) return 'settings_wrong';
  return 'answering';
}

/**
 * GET /v2/outbound/status: the mail outbox and webhook queue reduced to counts, so a till can say
 * "mail is piling up" without the addresses and URLs that Settings › Mail and Webhooks show admins.
 */
export function outboundStatus(
  mail: MailCounts,
  serverSetUp: boolean,
  webhooks: WebhookStatusView,
  /** Webhook deliveries given up on in the last `recentFailureMs`. */
  webhooksFailedLastDay: number,
  now: number,
): OutboundStatusView {
  return {
    mail: {
      waiting: mail.waiting,
      failed: mail.failed,
      failed_last_day: mail.failedSince,
      oldest_waiting_seconds: secondsSince(mail.oldestWaitingAt, now),
      server: mailServerState(mail, serverSetUp),
    },
    webhooks: {
      queued: webhooks.queued,
      failing: webhooks.failing,
      failed: webhooks.failed,
      failed_last_day: webhooksFailedLastDay,
      oldest_pending_age_seconds: webhooks.oldest_pending_age_seconds,
      online: webhooks.online,
    },
  };
}
