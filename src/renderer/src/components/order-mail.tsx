import { useEffect } from 'react';
import { formatDateTime } from '../lib/datetime.js';
import { anyPending, mailStateWords, sentLaterTo } from '../lib/mail-state.js';
import { useOrderMail } from '../stores/order-mail-store.js';
import { ErrorNote } from './states.js';

/** While a mail is on its way the list is read again this often, for at most this long. */
const pollMs = 3_000;
const pollForMs = 10 * 60_000;

/**
 * An order's mails (its confirmations, and its tickets' transfer mails to their new holders) and
 * where each stands (queued, sent, not sent and why), so "the tickets were emailed" is something
 * the seller can see rather than assume. A refused mail followed by one sent later says so.
 */
export function OrderMail({
  orderId,
  version = '',
}: {
  orderId: string;
  /** Read again when it changes. */ version?: string;
}) {
  const entry = useOrderMail((s) => s.mail[orderId]);
  const load = useOrderMail((s) => s.load);
  const pending = anyPending(entry?.data ?? []);

  useEffect(() => {
    void load(orderId);
  }, [orderId, load, version]);

  useEffect(() => {
    if (!pending) return;
    const until = Date.now() + pollForMs;
    const timer = window.setInterval(() => {
      if (Date.now() > until) window.clearInterval(timer);
      else void load(orderId);
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [pending, orderId, load]);

  const list = entry?.data ?? [];
  const later = sentLaterTo(list, list);
  return (
    <section className="order-mail" aria-label="Order mail">
      {entry?.state === 'error' ? (
        <ErrorNote message={entry.error} onRetry={() => void load(orderId)} />
      ) : null}
      {entry?.data && list.length === 0 ? (
        <p className="muted small">No mail for this order yet: it was sold without an email address.</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="mail-list">
          {list.map((mail) => {
            const words = mailStateWords(mail);
            const at = mail.sent_at ?? mail.created_at;
            return (
              <li key={mail.id} className={`mail-state mail-state-${words.tone}`} data-status={mail.status}>
                {mail.kind === 'ticket_transfer' ? <>Ticket {mail.ref} for its new holder: </> : null}
                {mail.kind === 'event_cancelled' ? <>Event cancelled notice: </> : null}
                {words.text} <span className="muted small">· {formatDateTime(at)}</span>
                {later[mail.id] ? (
                  <span className="muted small"> The tickets were sent to {later[mail.id]} later.</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
