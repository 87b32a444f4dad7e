import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EventView, OrderView, TierView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { QrImage } from '../../components/qr-image.js';
import { formatMoney } from '../../lib/money.js';
import { useSale } from '../../stores/sale-store.js';
import { PrintTickets } from './print-tickets.js';

/** Ticket tokens live 5 minutes; refresh the QR codes on screen a little before that. */
const refreshMs = 4 * 60 * 1000;

interface SaleDoneProps {
  event: EventView;
  order: OrderView;
  tiers: TierView[];
  venueName: string;
}

/** The finished sale: change due in large type, the tickets as QR codes, print and email. */
export function SaleDone({ event, order, tiers, venueName }: SaleDoneProps) {
  const receipt = useSale((s) => s.receipt);
  const newSale = useSale((s) => s.newSale);
  const refreshTickets = useSale((s) => s.refreshTickets);
  const emailNote = useSale((s) => s.emailNote);
  const [emailing, setEmailing] = useState(false);
  const newSaleRef = useRef<HTMLButtonElement>(null);
  const tierName = (id: string) => tiers.find((t) => t.id === id)?.name ?? id;

  useEffect(() => {
    newSaleRef.current?.focus();
    const timer = window.setInterval(() => void refreshTickets(), refreshMs);
    return () => window.clearInterval(timer);
  }, [order.id, refreshTickets]);

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
      <div className="done-summary no-print">
        <div>
          <h2>Sale complete</h2>
          <p className="muted">
            Order <code data-testid="order-id">{order.id}</code> · {order.tickets.length} ticket
            {order.tickets.length === 1 ? '' : 's'} · {order.payment_method}
          </p>
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
        <button ref={newSaleRef} type="button" className="button button-primary" onClick={newSale}>
          New sale <kbd>N</kbd>
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          Print tickets <kbd>P</kbd>
        </button>
        <button type="button" className="button" onClick={() => setEmailing(true)}>
          Email…
        </button>
      </div>
      {emailNote ? (
        <p className="note no-print" role="status">
          {emailNote}
        </p>
      ) : null}

      <ul className="ticket-grid no-print" aria-label="Tickets">
        {order.tickets.map((ticket) => (
          <li key={ticket.id} className="ticket-card" data-ticket={ticket.id}>
            <QrImage text={ticket.qr_token} size={200} label={`Door QR for ticket ${ticket.id}`} />
            <div className="ticket-meta">
              <strong>{tierName(ticket.tier_id)}</strong>
              <code>{ticket.id}</code>
              <span className="muted small">Door QR refreshes every 4 min</span>
            </div>
          </li>
        ))}
      </ul>

      <PrintTickets event={event} tickets={active} tierName={tierName} venueName={venueName} order={order} />

      {emailing ? <EmailDialog onClose={() => setEmailing(false)} /> : null}
    </section>
  );
}

function EmailDialog({ onClose }: { onClose: () => void }) {
  const emailTickets = useSale((s) => s.emailTickets);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const ok = await emailTickets(email.trim());
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog title="Email tickets" onClose={onClose}>
      <form onSubmit={submit} className="dialog-body">
        <p className="muted">
          This server has no endpoint to send tickets by mail yet. This saves the address on each
          ticket&apos;s attendee record so it is on file; no mail is sent. Print the tickets or hand over the
          wallet link.
        </p>
        <Field label="Email">
          <input type="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            Save address
          </button>
        </div>
      </form>
    </Dialog>
  );
}
