/**
 * How the venue server's mail sender begins a mail's `last_error` when the mail waits for
 * something that is not its own fault. The sender writes them (server/mail/smtp-setup-problem.ts)
 * and the box office reads a mail's state from them (renderer lib/mail-state.ts), so both take
 * them from here. Browser-safe.
 */

/** The SMTP server could not be reached (or never greeted): the mail waits for the line. */
export const unreachablePrefix = 'SMTP server unreachable: ';

/** The venue's own SMTP settings are wrong: the mail waits for a manager to fix them. */
export const setupPrefix = 'Mail server settings: ';

/**
 * Appended, in brackets, to an unreachable server's error when it took the connection but never
 * greeted: hung, or waiting for a TLS handshake that smtp:// never starts.
 */
export const noGreetingHint =
  'no greeting: if this server expects TLS from the start, use smtps:// in MARQUEE_SMTP_URL';
