import { parseTicketToken } from '../../../../shared/ticket-token.js';
import type { EventView, OrderView, TicketView } from '../../api/types.js';
import { QrImage } from '../../components/qr-image.js';
import { formatDateTime } from '../../lib/datetime.js';
import { formatMoney } from '../../lib/money.js';
import { doorsSoon } from '../../lib/print-layout.js';
import { useNow } from '../../hooks/use-now.js';

interface PrintTicketsProps {
  event: EventView;
  order: OrderView;
  tickets: TicketView[];
  tierName: (tierId: string) => string;
  venueName: string;
}

/**
 * The receipt-printer layout (80 mm roll, one ticket per cut), shown only by print CSS. The door
 * QR is a 5-minute token, so it is printed only for a ticket used tonight (doorsSoon), with the
 * day and time until which it scans; every slip carries the wallet link's QR, which always shows
 * a fresh one, and a slip for a later night carries only that.
 */
export function PrintTickets({ event, order, tickets, tierName, venueName }: PrintTicketsProps) {
  const now = useNow();
  const unitPrice = order.tickets.length > 0 ? Math.round(order.total_cents / order.tickets.length) : 0;
  const tonight = doorsSoon(event.doors_at, now);
  return (
    <div className="print-only print-tickets" aria-hidden="true">
      {tickets.map((ticket) => {
        const exp = expiryOf(ticket.qr_token);
        return (
          <article key={ticket.id} className="print-ticket">
            <div className="print-venue">{venueName}</div>
            <div className="print-title">{event.title}</div>
            <div>{event.venue}</div>
            <div>Doors {formatDateTime(event.doors_at)}</div>
            <div className="print-tier">
              {tierName(ticket.tier_id)} · {formatMoney(unitPrice, order.currency)}
            </div>
            {tonight ? (
              <>
                <QrImage text={ticket.qr_token} size={220} label="Door QR" className="print-qr" />
                <div className="print-small">Door QR for tonight: scans until {exp}</div>
                <QrImage text={ticket.wallet_url} size={120} label="Wallet link" className="print-qr-small" />
                <div className="print-small">Later, scan this for your live ticket: {ticket.wallet_url}</div>
              </>
            ) : (
              <>
                <QrImage text={ticket.wallet_url} size={220} label="Wallet link" className="print-qr" />
                <div className="print-small">
                  Scan with your phone for your ticket; show its code at the door: {ticket.wallet_url}
                </div>
              </>
            )}
            <div className="print-small">
              {ticket.id} · {order.id}
            </div>
          </article>
        );
      })}
    </div>
  );
}

function expiryOf(token: string): string {
  const exp = parseTicketToken(token)?.claims.exp;
  if (!exp) return '—';
  return new Date(exp * 1000).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
