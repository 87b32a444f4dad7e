import { useEffect, useId, useRef, useState } from 'react';
import type { EventView, OrderView, TierView } from '../../api/types.js';
import { OrderMail } from '../../components/order-mail.js';
import { QrImage } from '../../components/qr-image.js';
import { ResendDialog } from '../../components/resend-dialog.js';
import { useSettled } from '../../hooks/use-settled.js';
import { resendNote } from '../../lib/mail-state.js';
import { formatMoney } from '../../lib/money.js';
import { paymentMethodWords } from '../../lib/payment-words.js';
import { saleDoneWords } from '../../lib/sale-done-words.js';
import { useSale } from '../../stores/sale-store.js';
import { PrintTickets } from './print-tickets.js';

interface SaleDoneProps {
  event: EventView;
  order: OrderView;
  tiers: TierView[];
  venueName: string;
}

/**
 * The finished sale: change due in large type; each ticket's wallet link as a QR for the buyer to
 * photograph with their phone (it opens the ticket, which keeps working offline); print (the
 * paper pass) and email (the order's mail, whose state is shown).
 */
export function SaleDone({ event, order, tiers, venueName }: SaleDoneProps) {
  const receipt = useSale((s) => s.receipt);
  const doneNote = useSale((s) => s.doneNote);
  const newSale = useSale((s) => s.newSale);
  const [emailing, setEmailing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const newSaleRef = useRef<HTMLButtonElement>(null);
  // New sale has the keyboard here, and the Enter that completed the sale is often pressed twice:
  // the second press must not clear the change due before the seller has read it. The button
  // keeps the focus (a disabled one would lose it) and takes presses once settled.
  const settled = useSettled();
  const tierName = (id: string) => tiers.find((t) => t.id === id)?.name ?? id;
  // New sale takes the keyboard as the sale completes; its description says the sale is complete
  // and the change due first (lib/sale-done-words.ts), not only "New sale".
  const summaryId = useId();

  useEffect(() => {
    newSaleRef.current?.focus();
  }, [order.id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]') || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target instanceof HTMLInputElement) return;
      if (e.key === 'p' || e.key === 'P') {
        e.preventDefault();
        window.print();
      } else if (e.key === 'n' || e.key === 'N') {
        e.preventDefault();
        newSale();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [newSale]);

  const active = order.tickets.filter((t) => t.status === 'active');

  return (
    <section className="sale-done" aria-label="Sale complete">
      <p className="visually-hidden" id={summaryId}>
        {saleDoneWords({
          tickets: order.tickets.length,
          paymentMethod: order.payment_method,
          totalCents: order.total_cents,
          currency: order.currency,
          cash: order.payment_method === 'cash' && receipt && order.total_cents > 0 ? receipt : null,
        })}
      </p>
      <div className="done-summary no-print">
        <div>
          <h2>Sale complete</h2>
          <p className="muted">
            Order <code data-testid="order-id">{order.id}</code> · {order.tickets.length} ticket
            {order.tickets.length === 1 ? '' : 's'} · {paymentMethodWords[order.payment_method]}
          </p>
          {doneNote ? (
            <p className="form-warning" role="note" data-testid="done-note">
              {doneNote}
            </p>
          ) : null}
        </div>
        <dl className="done-figures">
          <div>
            <dt>Total</dt>
            <dd>{formatMoney(order.total_cents, order.currency)}</dd>
          </div>
          {order.payment_method === 'cash' && receipt && order.total_cents > 0 ? (
            <>
              <div>
                <dt>Tendered</dt>
                <dd>{formatMoney(receipt.tendered, order.currency)}</dd>
              </div>
              <div className="figure-change">
                <dt>Change due</dt>
                <dd data-testid="done-change">{formatMoney(receipt.change, order.currency)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      </div>

      <div className="done-actions no-print">
        <button
          ref={newSaleRef}
          type="button"
          className="button button-primary"
          aria-disabled={settled ? undefined : true}
          aria-describedby={summaryId}
          onClick={() => {
            if (settled) newSale();
          }}
        >
          New sale <kbd>N</kbd>
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          Print tickets <kbd>P</kbd>
        </button>
        <button type="button" className="button" onClick={() => setEmailing(true)}>
          Email…
        </button>
      </div>
      {note ? (
        <p className="note no-print" role="status">
          {note}
        </p>
      ) : null}
      <div className="no-print">
        <OrderMail orderId={order.id} />
      </div>

      <p className="muted no-print">
        Each code below opens the ticket on the buyer&apos;s phone: point the phone&apos;s camera at it. The
        ticket then works at the door without signal.
      </p>
      <ul className="ticket-grid no-print" aria-label="Tickets">
        {active.map((ticket) => (
          <li key={ticket.id} className="ticket-card" data-ticket={ticket.id}>
            <QrImage text={ticket.wallet_url} size={200} label={`Wallet link for ticket ${ticket.id}`} />
            <div className="ticket-meta">
              <strong>{tierName(ticket.tier_id)}</strong>
              <code>{ticket.id}</code>
              <span className="muted small">Scan with a phone to take this ticket</span>
            </div>
          </li>
        ))}
      </ul>

      <PrintTickets
        event={event}
        tickets={active}
        tierName={tierName}
        tiers={tiers}
        venueName={venueName}
        order={order}
      />

      {emailing ? (
        <ResendDialog
          order={order}
          onClose={() => setEmailing(false)}
          onDone={(mail) => {
            setEmailing(false);
            setNote(resendNote(mail, 'the line below'));
          }}
        />
      ) : null}
    </section>
  );
}
