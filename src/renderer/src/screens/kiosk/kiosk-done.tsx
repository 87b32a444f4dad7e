import { useEffect } from 'react';
import type { OrderView, TierView } from '../../api/types.js';
import { QrImage } from '../../components/qr-image.js';
import { formatMoney } from '../../lib/money.js';
import { printedCode } from '../../lib/print-layout.js';
import { kioskDoneHint, kioskDoorCaption } from '../../lib/kiosk-done-words.js';
import { useKiosk } from '../../stores/kiosk-store.js';
import { KioskTitle } from './kiosk-title.js';

/** Ticket tokens live 5 minutes; refresh the door codes on screen a little before that. */
const refreshMs = 4 * 60 * 1000;

/**
 * The receipt: per ticket, its paper pass (a photo of it admits tonight, once) and its wallet
 * link as a QR a phone can scan to take the ticket away. A tier that refuses paper shows the live
 * door code instead (refreshed while shown). The wallet link is never a link on this screen:
 * opened here it would leave a tab with the customer's ticket for the next customer. The tickets
 * also go by mail to the address the customer gave before paying (the checkout queues it).
 */
export function KioskDone({ order, tiers }: { order: OrderView; tiers: readonly TierView[] }) {
  const reset = useKiosk((s) => s.reset);
  const refreshTickets = useKiosk((s) => s.refreshTickets);
  const tierName = (id: string) => tiers.find((t) => t.id === id)?.name ?? 'Ticket';
  const liveCodes = order.tickets.some((t) => printedCode(t).kind === 'wallet');

  useEffect(() => {
    if (!liveCodes) return;
    const timer = window.setInterval(() => void refreshTickets(), refreshMs);
    return () => window.clearInterval(timer);
  }, [order.id, refreshTickets, liveCodes]);

  return (
    <section aria-labelledby="kiosk-done-title" className="kiosk-done">
      <KioskTitle id="kiosk-done-title">Enjoy the show!</KioskTitle>
      <p className="kiosk-subtitle">
        {order.tickets.length} ticket{order.tickets.length === 1 ? '' : 's'} ·{' '}
        {formatMoney(order.total_cents, order.currency)} paid by card
      </p>
      {order.buyer?.email ? (
        <p className="kiosk-hint" data-testid="kiosk-mail">
          We are emailing your tickets to <strong>{order.buyer.email}</strong>.
        </p>
      ) : null}
      <p className="kiosk-hint" data-testid="kiosk-take-away">
        {kioskDoneHint(order.tickets)}
      </p>
      <ul className="kiosk-tickets" aria-label="Your tickets">
        {order.tickets.map((ticket, i) => {
          const pass = printedCode(ticket).kind === 'pass' ? ticket.paper_pass : null;
          return (
            <li key={ticket.id} className="kiosk-ticket" data-ticket={ticket.id}>
              <p className="kiosk-ticket-name">
                {i + 1}. {tierName(ticket.tier_id)}
              </p>
              <div className="kiosk-ticket-codes">
                <figure>
                  <QrImage
                    text={pass ?? ticket.qr_token}
                    size={220}
                    label={`${pass ? 'Ticket' : 'Door code'} ${i + 1}`}
                    className="kiosk-door-qr"
                  />
                  <figcaption>{kioskDoorCaption(pass !== null)}</figcaption>
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
          );
        })}
      </ul>
      <button type="button" className="kiosk-button kiosk-button-go" onClick={reset}>
        Done
      </button>
    </section>
  );
}
