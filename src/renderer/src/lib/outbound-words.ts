import type { OutboundStatusView } from '../api/types.js';
import { humanizeSeconds } from './humanize.js';

/** Mail may take a minute on a slow server; waiting longer than this is worth a seller's glance. */
export const mailWaitLimitSeconds = 180;
/** Webhooks retry after 5 s and 5 min: a queue older than this is backed up, not in flight. */
export const webhookWaitLimitSeconds = 300;

export interface OutboundNotice {
  /** The screen that explains and fixes it (admin only). */
  to: '/settings' | '/webhooks';
  /** "Mail: 12 waiting — mail server not answering". */
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Failures the header counts: the last 24 hours' only (`failed_last_day`). Each is a buyer without
 * tickets or a system not told, worth every till's glance tonight; last month's, still unretried,
 * wait in Settings › Mail and Webhooks without nagging each till for ever.
 */
const lately = 'in the last 24 hours';

const mailReasons: Record<OutboundStatusView['mail']['server'], string> = {
  unreachable: 'mail server not answering',
  settings_wrong: 'mail server refuses the venue’s settings',
  not_set_up: 'no mail server set up',
  answering: '',
};

function mailNotice(mail: OutboundStatusView['mail']): OutboundNotice | null {
  const stuck =
    mail.waiting > 0 &&
    (mail.server === 'unreachable' ||
      mail.server === 'settings_wrong' ||
      mail.oldest_waiting_seconds >= mailWaitLimitSeconds);
  const failed =
    mail.failed_last_day > 0 ? `${plural(mail.failed_last_day, 'mail', 'mails')} failed ${lately}` : '';
  if (!stuck) return failed ? { to: '/settings', text: failed } : null;
  const reason = mailReasons[mail.server] || `oldest ${humanizeSeconds(mail.oldest_waiting_seconds)}`;
  return {
    to: '/settings',
    text: `Mail: ${mail.waiting} waiting — ${reason}${failed ? `; ${failed}` : ''}`,
  };
}

function webhookNotice(hooks: OutboundStatusView['webhooks']): OutboundNotice | null {
  const failed = hooks.failed_last_day > 0 ? `${hooks.failed_last_day} failed ${lately}` : '';
  const backedUp =
    hooks.queued > 0 &&
    (!hooks.online || hooks.failing > 0 || hooks.oldest_pending_age_seconds >= webhookWaitLimitSeconds);
  if (!backedUp)
    return failed
      ? {
          to: '/webhooks',
          text: `Webhooks: ${plural(hooks.failed_last_day, 'delivery', 'deliveries')} failed ${lately}`,
        }
      : null;
  const reason = !hooks.online
    ? 'a receiver is not answering'
    : hooks.failing > 0
      ? `${hooks.failing} refused`
      : `oldest ${humanizeSeconds(hooks.oldest_pending_age_seconds)}`;
  return {
    to: '/webhooks',
    text: `Webhooks: ${hooks.queued} queued — ${reason}${failed ? `; ${failed}` : ''}`,
  };
}

/**
 * What the header says when mail or webhooks are not going out, in a seller's words; empty while
 * all is well (a queue that is only in flight is not news).
 */
export function outboundNotices(status: OutboundStatusView): OutboundNotice[] {
  return [mailNotice(status.mail), webhookNotice(status.webhooks)].filter(
    (notice): notice is OutboundNotice => notice !== null,
  );
}
