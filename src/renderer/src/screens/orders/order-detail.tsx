import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import type { TicketView } from '../../api/types.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { OrderMail } from '../../components/order-mail.js';
import { ResendDialog } from '../../components/resend-dialog.js';
import { ErrorNote, Loading } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { resendNote } from '../../lib/mail-state.js';
import { formatMoney } from '../../lib/money.js';
import { paymentMethodWords } from '../../lib/payment-words.js';
import { refundLine } from '../../lib/refund-words.js';
import { Link } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useOrderMail } from '../../stores/order-mail-store.js';
import { useOrders } from '../../stores/orders-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { PrintTickets } from '../sell/print-tickets.js';
import { BuyerDialog } from './buyer-dialog.js';
import { HolderDialog } from './holder-dialog.js';
import { OrderHistory } from './order-history.js';
import { RefundDialog } from './refund-dialog.js';
import { ReplaceDialog } from './replace-dialog.js';
import { TransferDialog } from './transfer-dialog.js';
import { VoidDialog } from './void-dialog.js';
import type { OrderAction } from './order-action.js';
import { TicketRow } from './ticket-row.js';

export function OrderDetail({ orderId }: { orderId: string }) {
  const detail = useOrders((s) => s.detail);
  const attendees = useOrders((s) => s.attendees);
  const holdersReadFor = useOrders((s) => s.holdersReadFor);
  const holderRetries = useOrders((s) => s.holderRetries);
  const retryHolders = useOrders((s) => s.retryHolders);
  const openOrder = useOrders((s) => s.openOrder);
  const tiers = useEvents((s) => s.tiers);
  const loadTiers = useEvents((s) => s.loadTiers);
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const venueSetting = useSettings((s) => s.settings.data?.venue_name);
  const venueZone = useVenueTimeZone();
  const [action, setAction] = useState<OrderAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Each action done here may write to the order's history (a buyer or holder put right, a mail
  // sent) without changing the order's status or tickets: the history reads again after each.
  const [actionsDone, setActionsDone] = useState(0);
  const resendTicket = useOrderMail((s) => s.resendTicket);
  /**
   * The ticket being printed: its slip is drawn, then the browser's print dialog opens. A reprint
   * prints the ticket the server answered when it recorded the print; a replacement, its new one.
   */
  const [reprint, setReprint] = useState<{ ticketId: string; at: number; ticket?: TicketView } | null>(null);
  const reprintTicket = useOrders((s) => s.reprint);
  /** The reprint under way (its button waits), and why the last one printed nothing. */
  const [reprinting, setReprinting] = useState<string | null>(null);
  const [reprintError, setReprintError] = useState<string | null>(null);
  const startReprint = async (ticketId: string) => {
    setReprinting(ticketId);
    setReprintError(null);
    try {
      const ticket = await reprintTicket(ticketId);
      setReprint((previous) => ({ ticketId, at: (previous?.at ?? 0) + 1, ticket }));
      setActionsDone((n) => n + 1);
    } catch (err) {
      setReprintError(`Ticket ${ticketId} was not printed: ${messageOf(err)}`);
    } finally {
      setReprinting(null);
    }
  };

  useEffect(() => {
    void openOrder(orderId);
  }, [orderId, openOrder]);

  const order = detail.data?.id === orderId ? detail.data : null;
  const eventId = order?.event_id;
  // The list may predate the order's event (published at another till, or sold by the web shop
  // since this till read it): read it again once, or Reprint would wait for the event forever.
  const askedFor = useRef<string | null>(null);
  const eventKnown = Boolean(eventId && events.data?.some((e) => e.id === eventId));
  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
    else if (events.state === 'ready' && eventId && !eventKnown && askedFor.current !== eventId) {
      askedFor.current = eventId;
      void loadEvents();
    }
  }, [events.state, loadEvents, eventId, eventKnown]);
  useEffect(() => {
    if (eventId && !tiers[eventId]) void loadTiers(eventId);
  }, [eventId, tiers, loadTiers]);

  if (!order) {
    if (detail.state === 'error')
      return <ErrorNote message={detail.error} onRetry={() => void openOrder(orderId)} />;
    return <Loading what="order" />;
  }
  const tierName = (id: string) => tiers[order.event_id]?.data?.find((t) => t.id === id)?.name ?? id;
  const event = events.data?.find((e) => e.id === order.event_id) ?? null;
  // When the sale and its refunds happened, on the venue's clock as the Orders list reads them,
  // not the show's zone (a New York show sold in Berlin was sold at Berlin's 23:30).
  const orderTime = (iso: string) => formatEventTime(iso, venueZone);
  const reprinted = reprint?.ticket
    ? [reprint.ticket]
    : reprint
      ? order.tickets.filter((t) => t.id === reprint.ticketId && t.status === 'active')
      : [];
  const refundable = order.total_cents - order.refunded_cents;
  // The tickets show once their holders and tier names are read: each arriving later changed the
  // table's widths and buttons under a pointer already on its way to one of them.
  const orderTiers = tiers[order.event_id];
  const ticketsReady =
    holdersReadFor === order.id && Boolean(orderTiers?.data || orderTiers?.state === 'error');
  // What the history and the mail list follow: the order's state, and each action taken here.
  const version = `${order.status}/${order.refunded_cents}/${order.tickets.map((t) => t.status).join()}/${actionsDone}`;
  const finish = (message: string) => {
    setAction(null);
    setDone(message);
    setActionsDone((n) => n + 1);
  };

  return (
    <article className="order-detail" aria-label={`Order ${order.id}`}>
      <header className="detail-head">
        <div>
          <h2>
            Order <code>{order.id}</code> <StatusBadge status={order.status} />
          </h2>
          <p className="muted">
            {orderTime(order.created_at)} · {paymentMethodWords[order.payment_method]} ·{' '}
            {order.buyer?.name || order.buyer?.email
              ? [order.buyer.name, order.buyer.email].filter(Boolean).join(' · ')
              : 'Walk-in'}
          </p>
          {order.comp_reason ? (
            <p data-testid="comp-reason">
              Comp: <q>{order.comp_reason}</q>
            </p>
          ) : null}
        </div>
        <Link to="/orders" className="button button-ghost">
          Close
        </Link>
      </header>
      <dl className="figures">
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(order.total_cents, order.currency)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-testid="refunded">{formatMoney(order.refunded_cents, order.currency)}</dd>
        </div>
        <div>
          <dt>Refundable</dt>
          <dd>{formatMoney(refundable, order.currency)}</dd>
        </div>
      </dl>
      <div className="detail-actions">
        <button
          type="button"
          className="button"
          disabled={refundable <= 0}
          onClick={() => setAction({ kind: 'refund' })}
        >
          Refund…
        </button>
        {refundable <= 0 ? <span className="muted small">Nothing left to refund.</span> : null}
        <button type="button" className="button" onClick={() => setAction({ kind: 'resend' })}>
          Email tickets…
        </button>
        <button type="button" className="button" onClick={() => setAction({ kind: 'buyer' })}>
          {order.buyer ? 'Correct buyer…' : 'Add buyer…'}
        </button>
      </div>
      {done ? (
        <p className="note" role="status">
          {done}
        </p>
      ) : null}
      {reprintError ? <ErrorNote message={reprintError} /> : null}

      <h3>Tickets</h3>
      {!ticketsReady ? <Loading what="tickets" /> : null}
      {ticketsReady ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Ticket</th>
                <th>Tier</th>
                <th>Holder</th>
                <th>Status</th>
                <th className="num">Scans</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {order.tickets.map((ticket) => (
                <TicketRow
                  key={ticket.id}
                  ticket={ticket}
                  holder={attendees[ticket.id]}
                  retry={holderRetries[ticket.id]}
                  onRetryHolders={() => void retryHolders()}
                  tierName={tierName(ticket.tier_id)}
                  printWaits={!event ? 'Loading the event…' : reprinting !== null ? 'Printing…' : null}
                  onReprint={() => void startReprint(ticket.id)}
                  onAction={setAction}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {order.refunds.length > 0 ? (
        <>
          <h3>Refunds</h3>
          <ul className="refunds">
            {order.refunds.map((refund) => (
              <li key={refund.id} data-refund={refund.id}>
                {refundLine(refund, order.currency)} ·{' '}
                <span className="muted">{orderTime(refund.created_at)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {/* Below the tickets: the list arrives after them, and above it pushed each ticket's
          buttons down a line under the pointer (a click meant for Void… landed beside it). */}
      <h3>Mail</h3>
      <OrderMail orderId={order.id} version={version} />

      <OrderHistory orderId={order.id} version={version} />

      {event && reprinted.length > 0 ? (
        <PrintTickets
          key={reprint?.at}
          event={event}
          order={order}
          tickets={reprinted}
          tierName={tierName}
          tiers={tiers[order.event_id]?.data ?? []}
          venueName={venueSetting ?? event.venue}
          onReady={() => window.print()}
        />
      ) : null}

      {action?.kind === 'resend' ? (
        <ResendDialog
          order={order}
          onClose={() => setAction(null)}
          onDone={(mail) => finish(resendNote(mail, 'the Mail list below'))}
        />
      ) : null}
      {action?.kind === 'buyer' ? (
        <BuyerDialog order={order} onClose={() => setAction(null)} onDone={finish} />
      ) : null}
      {action?.kind === 'refund' ? (
        <RefundDialog
          order={order}
          soldAt={orderTime(order.created_at)}
          onClose={() => setAction(null)}
          onDone={finish}
        />
      ) : null}
      {action?.kind === 'void' ? (
        <VoidDialog order={order} ticket={action.ticket} onClose={() => setAction(null)} onDone={finish} />
      ) : null}
      {action?.kind === 'holder' ? (
        <HolderDialog
          holder={action.holder}
          transferredIn={action.transferredIn}
          onClose={() => setAction(null)}
          onDone={finish}
        />
      ) : null}
      {action?.kind === 'ticket-mail' ? (
        <ConfirmDialog
          title={`Email ticket ${action.ticket.id}?`}
          confirmLabel="Send"
          onConfirm={async () => {
            const mail = await resendTicket(order.id, action.ticket.id);
            finish(
              `Ticket ${action.ticket.id} is queued for ${mail.to}; the Mail list below says when it is sent.`,
            );
          }}
          onClose={() => setAction(null)}
        >
          <p>
            Its holder gets their own ticket again, with its paper pass, at {action.to}. To send it elsewhere,
            put the address right with Edit name… first.
          </p>
        </ConfirmDialog>
      ) : null}
      {action?.kind === 'replace' ? (
        <ReplaceDialog
          ticket={action.ticket}
          holder={attendees[action.ticket.id]}
          onClose={() => setAction(null)}
          onDone={(message, printTicketId) => {
            finish(message);
            if (printTicketId) setReprint({ ticketId: printTicketId, at: Date.now() });
          }}
        />
      ) : null}
      {action?.kind === 'transfer' ? (
        <TransferDialog ticket={action.ticket} onClose={() => setAction(null)} onDone={finish} />
      ) : null}
    </article>
  );
}
