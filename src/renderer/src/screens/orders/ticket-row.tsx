import type { AttendeeView, TicketView } from '../../api/types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { holderCell, type HolderRetry } from '../../lib/holder-reads.js';
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

/** Reads again the order's holders not read, this one among them. */
function TryAgain({
  ticketId,
  retry,
  onClick,
}: {
  ticketId: string;
  retry: HolderRetry;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button-small"
      disabled={retry.reading}
      aria-busy={retry.reading}
      title={retry.reading ? 'Reading…' : "Ask the server again for this order's names it did not answer"}
      onClick={onClick}
    >
      Try again<span className="visually-hidden"> to read the holder of {ticketId}</span>
    </button>
  );
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
  const cell = holderCell(lastRead, retry);
  // Edit name… and Email ticket… act on the holder as the server has them: not on a name whose
  // read again failed (another till may have put it right since), nor on none.
  const holder = cell.kind === 'read' ? cell.holder : undefined;
  // Why Edit name… waits: it stays in its place meanwhile, so Void… does not move when it comes.
  const holderWaits = holder
    ? null
    : cell.kind === 'last-read'
      ? "The holder's name could not be read again and may be out of date: Try again in the Holder column"
      : cell.kind === 'not-read'
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
          // Not read (or kept from before a read that failed), then read by Try again: all in the
          // same box, so the table keeps its widths and heights and no button moves when the name
          // comes (styles.css .holder-slot).
          <div className="holder-slot">
            {cell.kind === 'read' ? (
              <div className="holder-slot-read" title={holderWords(holder)}>
                {holderWords(holder)}
              </div>
            ) : cell.kind === 'last-read' ? (
              <div className="holder-slot-stale">
                <div className="holder-stale-name" title={holderWords(cell.holder)}>
                  {holderWords(cell.holder)}
                </div>
                <span className="holder-unread-words small">May be out of date</span>
                <TryAgain ticketId={ticket.id} retry={cell.retry} onClick={onRetryHolders} />
              </div>
            ) : (
              <div className="holder-slot-unread">
                <span className="holder-unread-words">{cell.words}</span>
                <TryAgain ticketId={ticket.id} retry={cell.retry} onClick={onRetryHolders} />
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
