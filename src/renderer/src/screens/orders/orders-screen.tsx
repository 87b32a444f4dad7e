import { EventOptions } from '../../components/event-options.js';
import { memo, useEffect, useRef, type FormEvent } from 'react';
import type { OrderView, PaymentMethod } from '../../api/types.js';
import { usePollWhileVisible } from '../../hooks/use-poll-while-visible.js';
import { useSession } from '../../stores/session-store.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { formatEventTime, sameTimeZone, tillTimeZone } from '../../lib/zoned-time.js';
import { timeZoneLabel } from '../../../../shared/attendee-time.js';
import { formatMoney } from '../../lib/money.js';
import { paymentMethodWords } from '../../lib/payment-words.js';
import { Link, navigate } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useOrders } from '../../stores/orders-store.js';
import { OrderDetail } from './order-detail.js';

/** How often the list asks for other tills' sales: one is on screen within two seconds. */
const livePollMs = 1000;

/** Orders: search by name, email, order id, ticket id or a pasted/scanned QR token; then act on one. */
export function OrdersScreen({ orderId }: { orderId: string | null }) {
  const orders = useOrders();
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (orders.results.state === 'idle') void orders.search('');
    if (events.state === 'idle') void loadEvents();
    if (!orderId) searchRef.current?.focus();
    // Once per screen visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  // A search that failed because the server was away is run again once it answers again, instead
  // of leaving "Cannot reach the venue server" up until someone presses Try again.
  // Only on the way back online, so a refusal that is not about the network is not retried in a loop.
  const connection = useSession((s) => s.connection);
  useEffect(() => {
    if (connection === 'online' && useOrders.getState().results.state === 'error') {
      void useOrders.getState().search();
    }
  }, [connection]);

  usePollWhileVisible(orders.poll, livePollMs);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = await orders.search(orders.query);
    const intent = useOrders.getState().intent;
    // An exact id or a scanned ticket names one order: open it straight away.
    if (found.length === 1 && found[0] && intent.kind !== 'text') navigate(`/orders/${found[0].id}`);
  };

  const eventTitle = (id: string) => events.data?.find((e) => e.id === id)?.title ?? id;
  // Days and times of sales on the venue's clock, whatever event is chosen or sold
  // (`ordersTimeZone`), named when the till's clock is another.
  const zone = useVenueTimeZone();
  const list = orders.results.data ?? [];
  const intent = orders.intent;
  const filtered = Boolean(
    orders.filters.eventId || orders.filters.day || orders.filters.paymentMethod || orders.filters.shiftId,
  );

  return (
    <section className="screen orders">
      <header className="screen-head">
        <h1>Orders</h1>
      </header>
      <form className="search" onSubmit={submit} role="search">
        <input
          ref={searchRef}
          data-search
          data-scan-target
          type="search"
          aria-label="Search orders"
          placeholder="Name, email, order id, ticket id, or scan/paste a ticket QR"
          value={orders.query}
          onChange={(e) => orders.setQuery(e.target.value)}
        />
        <button type="submit" className="button button-primary">
          Search <kbd>Enter</kbd>
        </button>
      </form>
      <div className="filters" role="group" aria-label="Filters">
        <label>
          Event{' '}
          <select
            value={orders.filters.eventId}
            onChange={(e) => void orders.setFilters({ eventId: e.target.value })}
          >
            <option value="">All events</option>
            <EventOptions events={events.data ?? []} />
          </select>
        </label>
        <label>
          Day{sameTimeZone(zone, tillTimeZone()) ? '' : ` (${timeZoneLabel(zone)})`}{' '}
          <input
            type="date"
            value={orders.filters.day}
            onChange={(e) => void orders.setFilters({ day: e.target.value })}
          />
        </label>
        <label>
          Payment{' '}
          <select
            value={orders.filters.paymentMethod}
            onChange={(e) => void orders.setFilters({ paymentMethod: e.target.value as PaymentMethod | '' })}
          >
            <option value="">Any payment</option>
            {(Object.keys(paymentMethodWords) as PaymentMethod[]).map((method) => (
              <option key={method} value={method}>
                {paymentMethodWords[method]}
              </option>
            ))}
          </select>
        </label>
        {orders.filters.shiftId ? (
          <span className="filter-chip">
            Shift <code>{orders.filters.shiftId}</code>{' '}
            <button
              type="button"
              className="button button-ghost"
              onClick={() => void orders.setFilters({ shiftId: '' })}
            >
              All shifts
            </button>
          </span>
        ) : null}
      </div>
      <p className="muted small">
        {intent.kind === 'ticket' && intent.fromToken
          ? `QR token of ticket ${intent.q}`
          : intent.kind === 'order'
            ? 'Order id'
            : intent.kind === 'ticket'
              ? 'Ticket id'
              : 'Press / to search from anywhere.'}
      </p>

      <div className={orderId ? 'orders-split' : ''}>
        <div className="orders-list">
          {orders.results.state === 'loading' && !orders.results.data ? <Loading what="orders" /> : null}
          {orders.results.state === 'error' ? (
            <ErrorNote message={orders.results.error} onRetry={() => void orders.search()} />
          ) : null}
          {orders.results.state === 'ready' && list.length === 0 ? (
            <Empty>
              {orders.query.trim()
                ? `No order matches “${orders.query.trim()}”.`
                : filtered
                  ? 'No order matches these filters.'
                  : 'No orders yet.'}
            </Empty>
          ) : null}
          {list.length > 0 ? (
            <table className="table">
              <thead>
                <tr>
                  <th>Order</th>
                  <th className="col-optional">Buyer</th>
                  <th className="col-optional">Event</th>
                  <th className="num col-optional">Tickets</th>
                  <th className="num">Total</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {list.map((order) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    selected={order.id === orderId}
                    eventTitle={eventTitle(order.event_id)}
                    zone={zone}
                  />
                ))}
              </tbody>
            </table>
          ) : null}
          {orders.nextCursor ? (
            <button type="button" className="button" onClick={() => void orders.loadMore()}>
              Load more
            </button>
          ) : null}
        </div>
        {/* Keyed by order: a new order starts with no leftover dialog or message. */}
        {orderId ? <OrderDetail key={orderId} orderId={orderId} /> : null}
      </div>
    </section>
  );
}

/**
 * One row of the list, drawn again only when its order, its selection or its event's title
 * changes: after a few "Load more" a list holds a thousand orders, and opening one of them (or the
 * detail's own loads) would otherwise redraw every row and freeze the till for a second.
 */
const OrderRow = memo(function OrderRow({
  order,
  selected,
  eventTitle,
  zone,
}: {
  order: OrderView;
  selected: boolean;
  eventTitle: string;
  /** The venue's clock: when the sale was made at its till, whatever zone its show is in. */
  zone: string;
}) {
  return (
    <tr className={selected ? 'row-selected' : undefined}>
      <td>
        <Link to={`/orders/${order.id}`}>
          <code>{order.id}</code>
        </Link>
        <div className="muted small">{formatEventTime(order.created_at, zone)}</div>
      </td>
      <td className="col-optional">
        {order.buyer?.name ?? order.buyer?.email ?? <span className="muted">Walk-in</span>}
      </td>
      <td className="col-optional">{eventTitle}</td>
      <td className="num col-optional">{order.tickets.length}</td>
      <td className="num">
        {formatMoney(order.total_cents, order.currency)}
        <div className="muted small">{paymentMethodWords[order.payment_method]}</div>
      </td>
      <td>
        <StatusBadge status={order.status} />
      </td>
    </tr>
  );
});
