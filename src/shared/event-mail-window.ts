/**
 * How long after its doors an event's mail still makes sense: the paper pass lives to doors + 24 h.
 * A mail queued before then that is still waiting after it (no mail server for months, a long
 * outage) is not sent late (mail/ticket-mail-composer.ts), and the retention sweep deletes it once
 * that moment is older than the retention period (store/retention-repo.ts). One queued after it
 * (a deliberate resend) goes.
 */
export const eventMailWindowMs = 24 * 60 * 60 * 1000;
