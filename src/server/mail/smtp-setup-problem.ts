/**
 * Failures that come from the venue's own SMTP settings (MARQUEE_SMTP_URL), not from a buyer's
 * address: the server refused the user name or password, asked for a login the URL does not
 * give, or speaks TLS where the URL does not (or the reverse). Every mail would fail the same
 * way, so none of them is given up for it, and staff read what to fix in a manager's words.
 */

import { noGreetingHint, setupPrefix, unreachablePrefix } from '../../shared/mail-last-error.js';

interface SmtpErrorShape {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/** SMTP replies that mean "log in first" (530) or "that login is wrong" (534, 535). */
const loginRequiredCodes = new Set([530]);
const loginRefusedCodes = new Set([534, 535]);

/** What is wrong with the settings, in words, or null when the failure is something else. */
export function setupProblem(err: unknown): string | null {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpErrorShape;
  const message = err instanceof Error ? err.message : String(err);
  const command = typeof e.command === 'string' ? e.command : '';
  const reply = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' || (reply !== null && loginRefusedCodes.has(reply) && command.startsWith('AUTH'))) {
    return 'the mail server refused the user name or password in MARQUEE_SMTP_URL';
  }
  // A TLS handshake that failed has no SMTP reply; a refused recipient may well contain "tls".
  const tlsMismatch =
    reply === null
      ? /wrong version number|SSL routines|unknown protocol/.test(message)
      : loginRequiredCodes.has(reply) && /STARTTLS/i.test(message);
  if (e.code === 'ETLS' || tlsMismatch) {
    return 'the mail server and MARQUEE_SMTP_URL disagree about encryption: smtps:// is for a port that starts with TLS (usually 465), smtp:// for the others (25, 587)';
  }
  if ((reply !== null && loginRequiredCodes.has(reply)) || e.code === 'ENOAUTH') {
    return 'the mail server asks for a user name and password, and MARQUEE_SMTP_URL gives none';
  }
  // "554 5.7.1 <addr>: Relay access denied": the server will not pass mail on for this sender
  // (a provider's relay reached without its login, or a From it does not accept). Every buyer's
  // address meets it, so it is no typo of theirs.
  if (
    reply !== null &&
    reply >= 500 &&
    /relay(ing)? (access )?(denied|not permitted)|not permitted to relay/i.test(message)
  ) {
    return 'the mail server will not relay mail for this venue: MARQUEE_SMTP_URL needs the user name and password the mail provider gave, or MARQUEE_SMTP_FROM an address it accepts';
  }
  return null;
}

/** The last_error of a mail held back by a settings problem: the words, then the server's reply. */
export function setupError(err: unknown): string {
  const problem = setupProblem(err) ?? 'the mail server refused MARQUEE_SMTP_URL';
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpErrorShape;
  const message = err instanceof Error ? err.message : String(err);
  // OpenSSL's messages are one long internal line: only an SMTP reply helps a person.
  const code = typeof e.responseCode === 'number' ? String(e.responseCode) : null;
  const reply = code !== null && message.includes(code) ? message.slice(message.indexOf(code)).trim() : null;
  return `${setupPrefix}${problem}${reply ? ` (the server said: ${reply})` : ''}.`;
}

/**
 * The last_error of a mail held back because the server could not be reached (or never greeted).
 * A server that takes the connection and then says nothing is either hung or waiting for a TLS
 * handshake that smtp:// never starts (implicit TLS on a port other than 465). Either way the
 * mails wait as for an outage; the hint names the likelier fix, since nothing else would.
 */
export function unreachableError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const silent = /Greeting never received/i.test(message);
  if (closedBeforeGreeting(err))
    return `${unreachablePrefix}the connection was closed before the mail server greeted (${message})`;
  return `${unreachablePrefix}${message}${silent ? ` (${noGreetingHint})` : ''}`;
}

/**
 * nodemailer's words when the socket closed while it still waited for the greeting (it raises no
 * error of its own then, and the transport says this a second later).
 */
export function closedBeforeGreeting(err: unknown): boolean {
  return err instanceof Error && err.message === 'Unexpected socket close' && !('responseCode' in err);
}
