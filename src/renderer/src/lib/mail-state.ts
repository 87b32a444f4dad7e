import type { MailView, SettingsView } from '../api/types.js';
import { noGreetingHint, setupPrefix, unreachablePrefix } from '../../../shared/mail-last-error.js';
import { formatClock } from './humanize.js';

/** How the SMTP client reports a refused recipient; the server's own reply follows. */
const recipientRefusal = /recipients were rejected:\s*(.+)$/s;

/** "1 try", "3 tries": the first try after a sale is the common case at a till. */
const tries = (count: number): string => `${count} ${count === 1 ? 'try' : 'tries'}`;

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
  mail: Pick<MailView, 'to' | 'status' | 'attempts' | 'last_error'> &
    Partial<Pick<MailView, 'next_attempt_at' | 'kind'>>,
): MailStateWords {
  if (mail.status === 'sent') return { tone: 'ok', text: `Sent to ${mail.to}` };
  if (mail.status === 'failed') {
    const refusal = recipientRefusal.exec(mail.last_error ?? '')?.[1];
    return {
      tone: 'failed',
      text: refusal
        ? `Not sent to ${mail.to}: the mail server refused this address (${refusal}). ${refusedAdvice(mail.kind)}`
        : `Not sent to ${mail.to}: ${mail.last_error ?? 'the mail server refused it'}`,
    };
  }
  if (mail.attempts === 0)
    return { tone: 'waiting', text: `Queued for ${mail.to}: waiting for the mail server` };
  if (mail.last_error?.startsWith(setupPrefix)) {
    // Not the buyer's address: the venue's settings, which a manager fixes (Settings › Mail shows it).
    return {
      tone: 'waiting',
      text: `Queued for ${mail.to}: not sent yet, because ${mail.last_error.slice(setupPrefix.length)} It goes out once a manager fixes that (${tries(mail.attempts)}).`,
    };
  }
  if (mail.last_error?.startsWith(unreachablePrefix)) {
    return {
      tone: 'waiting',
      text: `Queued for ${mail.to}: the mail server cannot be reached; it keeps trying (${tries(mail.attempts)})${
        mail.last_error.includes(`(${noGreetingHint})`)
          ? '. It answers but never greets: a manager should check its TLS in Settings › Mail'
          : ''
      }`,
    };
  }
  // A temporary refusal backs off up to an hour: the seller is told when, not just "again".
  const at = mail.next_attempt_at ? ` at ${formatClock(Date.parse(mail.next_attempt_at))}` : '';
  return {
    tone: 'waiting',
    text: `Queued for ${mail.to}: will try again${at} (${tries(mail.attempts)}; last: ${mail.last_error ?? 'no answer'})`,
  };
}

/**
 * What to do about a refused address, in the till's own buttons: a mistyped buyer is put right on
 * the order (Correct buyer… sends the tickets there); a transfer's recipient on the ticket's row.
 */
function refusedAdvice(kind: MailView['kind'] | undefined): string {
  if (kind === 'ticket_transfer')
    return 'Check it for a typo: put it right with Edit name… on the ticket, then Email ticket….';
  if (kind === 'order_confirmation')
    return 'Check it for a typo, then use Correct buyer… to send the tickets to the right one.';
  // A cancelled event's tickets cannot be sent again, so no till button reaches this holder.
  if (kind === 'event_cancelled')
    return 'Tell them the event is cancelled another way (phone, or your own mail).';
  return 'Check it for a typo, then use Email tickets… to send to the right one.';
}

/** Whether the till should look again soon: something is still on its way. */
export const anyPending = (mail: readonly Pick<MailView, 'status'>[]): boolean =>
  mail.some((m) => m.status === 'pending');

/** What "Email tickets…" says and offers for the address it is about to send to. */
export interface ResendAdvice {
  /** Said before sending when a mail to that address is still waiting; null otherwise. */
  warning: string | null;
  submitLabel: 'Send' | 'Send another anyway';
}

/**
 * Each resend queues another mail (CONTRACT "Delivery"), so a seller asking again while the first
 * still waits for the mail server would have the buyer mailed twice. The dialog says so before
 * sending, naming the address, and lets the seller send another anyway. Addresses compare in any
 * letter case, as mail servers treat them; `to` is null when there is nobody to send to yet.
 */
export function resendAdvice(
  mail: readonly Pick<MailView, 'to' | 'status'>[],
  to: string | null,
): ResendAdvice {
  const address = to?.toLowerCase();
  const waiting = address
    ? mail.find((m) => m.status === 'pending' && m.to.toLowerCase() === address)
    : undefined;
  if (!waiting) return { warning: null, submitLabel: 'Send' };
  return {
    warning: `A mail with these tickets to ${to} is still waiting to go out: the mail server has not answered yet. Sending again queues a second mail, and the buyer may get both.`,
    submitLabel: 'Send another anyway',
  };
}

/**
 * Whether the order's tickets are still waiting to be mailed to `oldAddress`. Correcting the
 * buyer's email sends such a mail to the new address instead (the server's `correctBuyer` moves
 * every pending confirmation of the order whose recipient is exactly the old address), so Correct
 * buyer… does not queue another by default: the buyer would get the tickets two or three times.
 */
export function confirmationWaitingFor(
  mail: readonly Pick<MailView, 'to' | 'status' | 'kind' | 'ref'>[],
  orderId: string,
  oldAddress: string,
): boolean {
  return mail.some(
    (m) =>
      m.kind === 'order_confirmation' && m.ref === orderId && m.status === 'pending' && m.to === oldAddress,
  );
}

/**
 * Why "Email tickets…" cannot send yet, or null: with no buyer address on the order and none
 * typed, the server would refuse in an API's words ("give an address as `email`"); the till asks
 * for the address in a seller's.
 */
export function resendAddressProblem(typed: string, buyerEmail: string | null): string | null {
  return typed.trim() || buyerEmail ? null : 'Type the address to send the tickets to.';
}

/** What the till says once "Email tickets…" has queued the mail. `list` names where its state shows. */
export const resendNote = (mail: Pick<MailView, 'to'>, list: string): string =>
  `The tickets are queued for ${mail.to}; ${list} says when they are sent.`;

/**
 * What Settings › Mail says about its test mail. "Sent" means the mail server took it, not that it
 * reached the inbox, so the manager is told where to look.
 */
export function testMailWords(mail: Pick<MailView, 'to' | 'status' | 'attempts' | 'last_error'>): string {
  const words = mailStateWords(mail).text;
  return mail.status === 'sent'
    ? `${words}: the mail server took it. Look for “Marquee test mail” in that inbox (or its spam folder).`
    : words;
}

type OrderMailFacts = Pick<MailView, 'id' | 'to' | 'status' | 'kind' | 'ref' | 'created_at'>;

/**
 * For each failed order mail, the address the same order's tickets were sent to afterwards (a
 * seller's corrected address, through Email tickets…), by mail id. Settings › Mail keeps listing
 * the failed mail, and without this a manager would take it for a buyer still without tickets.
 */
export function sentLaterTo(
  failed: readonly OrderMailFacts[],
  orderMail: readonly OrderMailFacts[],
): Record<string, string> {
  const later: Record<string, string> = {};
  for (const mail of failed) {
    if (mail.status !== 'failed' || mail.kind !== 'order_confirmation' || !mail.ref) continue;
    const sent = orderMail.filter(
      (m) =>
        m.ref === mail.ref && m.status === 'sent' && Date.parse(m.created_at) > Date.parse(mail.created_at),
    );
    const last = sent.at(-1);
    if (last) later[mail.id] = last.to;
  }
  return later;
}

/**
 * The orders whose mail Settings › Mail still has to read to say "sent later": those of the failed
 * order mails it lists, each once, leaving out the ones already asked for. A mail server that
 * refuses a thousand addresses would otherwise have it ask for a thousand orders at once.
 */
export function ordersToAsk(
  listed: readonly Pick<MailView, 'status' | 'kind' | 'ref'>[],
  asked: ReadonlySet<string>,
): string[] {
  const orders = new Set<string>();
  for (const mail of listed) {
    if (mail.status !== 'failed' || mail.kind !== 'order_confirmation' || !mail.ref) continue;
    if (!asked.has(mail.ref)) orders.add(mail.ref);
  }
  return [...orders];
}

/**
 * Settings › Mail's first line: where mail goes out (never the login itself: the server does not
 * answer it), or that none is set up, so a manager need not send a test mail to find out.
 */
export function mailServerWords(server: SettingsView['mail_server']): string {
  if (!server)
    return 'No mail server is set up, so emails (tickets, confirmations) wait here and reach no one yet. Marquee cannot set one up from this screen: ask whoever looks after this computer, and show them the details below.';
  const login = server.login ? 'with a login' : 'without a login';
  // smtp:// still upgrades to TLS when the server offers STARTTLS; smtps:// starts with it.
  const tls = server.secure ? 'TLS from the start' : 'TLS if the server offers it';
  return `Mail goes out through ${server.host}:${server.port} (${login}, ${tls}).`;
}

/**
 * The technical detail behind "For your IT person" in Settings › Mail while no mail server is
 * set up: the venue server reads its mail server from the environment only (docs/ui.md, README),
 * so the panel can name the setting but not change it.
 */
export const mailServerSetupForIt =
  'Set the environment variable MARQUEE_SMTP_URL for the Marquee venue server to smtp://user:password@host:port (smtps:// for a server that starts with TLS, usually port 465), then restart Marquee. Mail already waiting goes out by itself once it can.';

/** Rows of the outbox the Mail panel lists at first, and adds per "Show more". */
export const mailRowsPerStep = 100;

/**
 * The line over the Mail panel's table: how much is waiting and how much of it is listed. With the
 * mail server down on a big night thousands wait; the panel lists the oldest and says so.
 */
export function mailWaitingWords(count: number, beyond: boolean, shown: number): string {
  const total = `${count.toLocaleString('en-US')}${beyond ? ' or more' : ''}`;
  const what = count === 1 && !beyond ? '1 mail not sent yet.' : `${total} mails not sent yet.`;
  if (shown >= count) return what;
  return `${what} The oldest ${shown.toLocaleString('en-US')} are listed.`;
}
