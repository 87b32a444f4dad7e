/**
 * Delivery (issue "Tickets that get people in"): events get the time zone attendees read their
 * times in, and the mail outbox learns to hold mail that is composed when it is sent.
 *
 * - `events.timezone`: an IANA name. Events made before this version have none and are shown in
 *   the server's zone until one is set.
 * - `mail_outbox.kind`: `message` is a mail stored whole (subject, bodies, attachments), as every
 *   mail was before. Other kinds (`order_confirmation`, `ticket_transfer`) name what to send:
 *   `ref` is the order or ticket, `params` (JSON) what the store does not keep (a transfer's
 *   personal message). They are composed, PDF and all, by the sender, so the change that queues
 *   them (a checkout) writes one small row and renders nothing. No index on `ref`: nothing looks
 *   mail up by it yet, and every index is one more B-tree page in each checkout's commit.
 */
export const sql = `
ALTER TABLE events ADD COLUMN timezone TEXT;
ALTER TABLE mail_outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'message';
ALTER TABLE mail_outbox ADD COLUMN ref TEXT;
ALTER TABLE mail_outbox ADD COLUMN params TEXT;
`;
