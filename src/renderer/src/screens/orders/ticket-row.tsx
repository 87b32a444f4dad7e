import type { AttendeeView, TicketView } from '../../api/types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { unreadHolderWords, type HolderRetry } from '../../lib/holder-reads.js';
import { notReplaceableWords } from '../../lib/replace-ticket.js';
import type { OrderAction } from './order-action.js';

interface TicketRowProps {
  ticket: TicketView;
  /** Undefined until read (or when it could not be). */
  holder: AttendeeView | undefined;
  /** Set when the holder's read failed: the row says so and offers Try again (until it is read). */
  retry: HolderRetry | undefined;
  /** Reads again every holder of the order that could not be read. */
  onRetryHolders: () => void;
  tierName: string;
  /** Why Reprint waits (the event still loading, a print under way), or null when it may print. */
  printWaits: string | null;
  onReprint: () => void;
  onAction: (action: OrderAction) => void;
}

/** The holder as the Holder column shows them: "…" until read, "—" with neither name nor email. */
function holderWords(holder: AttendeeView | undefined): string {
  return holder ? [holder.name, holder.email].filter(Boolean).join(' · ') || '—' : '…';
}

/** One ticket of an order on the Orders screen, with what staff can do to it while it is active. */
export function TicketRow({
  ticket,
  holder: lastRead,
  retry,
  onRetryHolders,
  tierName,
  printWaits,
  onReprint,
  onAction,
}: TicketRowProps) {
  const unread = retry && !retry.read ? retry : undefined;
  // A read that failed after an earlier one (a reload) leaves a name that may be out of date.
  const holder = unread ? undefined : lastRead;
  // Why Edit name… waits: it stays in its place meanwhile, so Void… does not move when it comes.
  const holderWaits = holder
    ? null
    : unread
      ? "The holder's name could not be read: Try again in the Holder column"
      : "The holder's name is being read";
  return (
    <tr data-ticket={ticket.id}>
      <td>
        <code>{ticket.id}</code>
        {ticket.transferred_from ? <div className="muted small">from {ticket.transferred_from}</div> : null}
        {ticket.transferred_to ? <div className="muted small">to {ticket.transferred_to}</div> : null}
      </td>
      <td>{tierName}</td>
      <td className="holder-cell">
        {retry ? (
          // Not read, then read by Try again: both in the same box, so the table keeps its widths
          // and heights and no button moves when the name comes (styles.css .holder-slot).
          <div className="holder-slot">
            {unread ? (
              <div className="holder-slot-unread">
                <span className="holder-unread-words">{unreadHolderWords(unread)}</span>
                <button
                  type="button"
                  className="button button-small"
                  disabled={unread.reading}
                  aria-busy={unread.reading}
                  title={
                    unread.reading
                      ? 'Reading…'
                      : "Ask the server again for this order's names it did not answer"
                  }
                  onClick={onRetryHolders}
                >
                  Try again<span className="visually-hidden"> to read the holder of {ticket.id}</span>
                </button>
              </div>
            ) : (
              <div className="holder-slot-read" title={holderWords(holder)}>
                {holderWords(holder)}
              </div>
            )}
          </div>
        ) : (
          holderWords(holder)
        )}
      </td>
      <td>
        <StatusBadge status={ticket.status} />
      </td>
      <td className="num">{ticket.scan_count}</td>
      <td>
        <div className="row-actions">
          {ticket.status === 'active' ? (
            <>
              <button
                type="button"
                className="button button-small"
                disabled={printWaits !== null}
                title={printWaits ?? 'Print this ticket again, with its paper pass'}
                onClick={onReprint}
              >
                Reprint
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={holderWaits !== null}
                title={holderWaits ?? "Put right a typo in the holder's name or email"}
                onClick={() => {
                  if (holder)
                    onAction({ kind: 'holder', holder, transferredIn: Boolean(ticket.transferred_from) });
                }}
              >
                Edit name…
              </button>
              {ticket.transferred_from && (!holder || holder.email) ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={holderWaits !== null}
                  title={
                    holderWaits ?? "Mail this ticket to its holder again (their own mail, not the buyer's)"
                  }
                  onClick={() => {
                    if (holder?.email) onAction({ kind: 'ticket-mail', ticket, to: holder.email });
                  }}
                >
                  Email ticket…
                </button>
              ) : null}
              {notReplaceableWords(ticket) ? (
                <span className="muted small" data-testid="not-replaceable">
                  {notReplaceableWords(ticket)}
                </span>
              ) : (
                <>
                  <button
                    type="button"
                    className="button button-small"
                    title="Lost phone or ticket, or a code passed round: a new code for the same holder, the old one stops working"
                    onClick={() => onAction({ kind: 'replace', ticket })}
                  >
                    Replace…
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => onAction({ kind: 'transfer', ticket })}
                  >
                    Transfer…
                  </button>
                </>
              )}
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => onAction({ kind: 'void', ticket })}
              >
                Void…
              </button>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
