import type { AttendeeView, TicketView } from '../../api/types.js';
import { StatusBadge } from '../../components/status-badge.js';
import { notReplaceableWords } from '../../lib/replace-ticket.js';
import type { OrderAction } from './order-action.js';

interface TicketRowProps {
  ticket: TicketView;
  /** Undefined until read (or when it could not be). */
  holder: AttendeeView | undefined;
  tierName: string;
  /** Why Reprint waits (the event still loading, a print under way), or null when it may print. */
  printWaits: string | null;
  onReprint: () => void;
  onAction: (action: OrderAction) => void;
}

/** One ticket of an order on the Orders screen, with what staff can do to it while it is active. */
export function TicketRow({ ticket, holder, tierName, printWaits, onReprint, onAction }: TicketRowProps) {
  return (
    <tr data-ticket={ticket.id}>
      <td>
        <code>{ticket.id}</code>
        {ticket.transferred_from ? <div className="muted small">from {ticket.transferred_from}</div> : null}
        {ticket.transferred_to ? <div className="muted small">to {ticket.transferred_to}</div> : null}
      </td>
      <td>{tierName}</td>
      <td>{holder ? [holder.name, holder.email].filter(Boolean).join(' · ') || '—' : '…'}</td>
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
              {holder ? (
                <button
                  type="button"
                  className="button button-small"
                  title="Put right a typo in the holder's name or email"
                  onClick={() =>
                    onAction({
                      kind: 'holder',
                      holder,
                      transferredIn: Boolean(ticket.transferred_from),
                    })
                  }
                >
                  Edit name…
                </button>
              ) : null}
              {ticket.transferred_from && holder?.email ? (
                <button
                  type="button"
                  className="button button-small"
                  title="Mail this ticket to its holder again (their own mail, not the buyer's)"
                  onClick={() => onAction({ kind: 'ticket-mail', ticket, to: holder.email! })}
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
