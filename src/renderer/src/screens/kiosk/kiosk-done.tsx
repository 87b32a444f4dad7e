import { useEffect } from 'react';
import type { OrderView, TierView } from '../../api/types.js';
import { QrImage } from '../../components/qr-image.js';
import { formatMoney } from '../../lib/money.js';
import { useKiosk } from '../../stores/kiosk-store.js';

/** Ticket tokens live 5 minutes; refresh the door codes on screen a little before that. */
const refreshMs = 4 * 60 * 1000;

/**
 * The tickets: each door QR, and its wallet link as a QR a phone can scan to take the ticket
 * away (the wallet page always shows a fresh door code). The wallet link is never a link on this
 * screen: opened here it would leave a tab with the customer's ticket for the next customer.
 * The order's email is shown as given.
 */
export function KioskDone({ order, tiers }: { order: OrderView; tiers: readonly TierView[] }) {
  const reset = useKiosk((s) => s.reset);
  const refreshTickets = useKiosk((s) => s.refreshTickets);
  const tierName = (id: string) => tiers.find((t) => t.id === id)?.name ?? 'Ticket';

  useEffect(() => {
    const timer = window.setInterval(() => void refreshTickets(), refreshMs);
    return () => window.clearInterval(timer);
  }, [order.id, refreshTickets]);

  return (
    <section aria-labelledby="kiosk-done-title" className="kiosk-done">
      <h1 id="kiosk-done-title" className="kiosk-title">
        Enjoy the show!
      </h1>
      <p className="kiosk-subtitle">
        {order.tickets.length} ticket{order.tickets.length === 1 ? '' : 's'} ·{' '}
        {formatMoney(order.total_cents, order.currency)} paid by card
        {order.buyer?.email ? ` · order for ${order.buyer.email}` : ''}
      </p>
      <p className="kiosk-hint">
        Scan a <strong>wallet</strong> code with your phone to keep the ticket, or show the door code at the
        door now.
      </p>
      <ul className="kiosk-tickets" aria-label="Your tickets">
        {order.tickets.map((ticket, i) => (
          <li key={ticket.id} className="kiosk-ticket" data-ticket={ticket.id}>
            <p className="kiosk-ticket-name">
              {i + 1}. {tierName(ticket.tier_id)}
            </p>
            <div className="kiosk-ticket-codes">
              <figure>
                <QrImage
                  text={ticket.qr_token}
                  size={220}
                  label={`Door code for ticket ${i + 1}`}
                  className="kiosk-door-qr"
                />
                <figcaption>Door code</figcaption>
              </figure>
              <figure>
                <QrImage
                  text={ticket.wallet_url}
                  size={160}
                  label={`Wallet link for ticket ${i + 1}`}
                  className="kiosk-wallet-qr"
                />
                <figcaption>Wallet: scan with your phone</figcaption>
              </figure>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="kiosk-button kiosk-button-go" onClick={reset}>
        Done
      </button>
    </section>
  );
}
