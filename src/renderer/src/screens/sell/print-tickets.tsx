import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { formatAttendeeTime } from '../../../../shared/attendee-time.js';
import type { EventView, OrderView, TicketView, TierView } from '../../api/types.js';
import { QrImage } from '../../components/qr-image.js';
import { formatMoney } from '../../lib/money.js';
import { printedCode, printedPrice } from '../../lib/print-layout.js';

/**
 * A pass is a long code (a dense QR): drawn at this many pixels and scaled down to 56 mm by print
 * CSS with crisp edges, each module still gets whole printer dots at 203 dpi.
 */
const passPixels = 512;

interface PrintTicketsProps {
  event: EventView;
  order: OrderView;
  tickets: TicketView[];
  tierName: (tierId: string) => string;
  /** The event's tiers, for each ticket's price on an order of several tiers. */
  tiers: readonly TierView[];
  venueName: string;
  /** Called once every slip's QR is drawn, so a print started then prints no blank code. */
  onReady?: () => void;
}

/**
 * The receipt-printer layout (80 mm roll, one ticket per cut), drawn at the end of the page and
 * shown only by print CSS, which then hides everything else: the same slips print from the sale
 * and from a reprint on the Orders screen. Each carries the ticket's paper pass, which admits once
 * until a day after doors, so a slip printed now still admits tonight; a tier that refuses paper
 * prints the wallet link instead, to open the ticket on a phone. Times are the event's own.
 */
export function PrintTickets({
  event,
  order,
  tickets,
  tierName,
  tiers,
  venueName,
  onReady,
}: PrintTicketsProps) {
  const drawn = useRef(new Set<string>());
  const onDrawn = (ticketId: string) => {
    if (drawn.current.has(ticketId)) return;
    drawn.current.add(ticketId);
    if (drawn.current.size === tickets.length) onReady?.();
  };
  return createPortal(
    <div className="print-only print-tickets" aria-hidden="true">
      {tickets.map((ticket) => {
        const code = printedCode(ticket);
        const price = printedPrice(order, ticket, tiers);
        return (
          <article key={ticket.id} className="print-ticket" data-ticket={ticket.id} data-code={code.kind}>
            <div className="print-venue">{venueName}</div>
            <div className="print-title">{event.title}</div>
            <div>{event.venue}</div>
            <div>Doors {formatAttendeeTime(event.doors_at, event.timezone)}</div>
            <div className="print-tier">
              {tierName(ticket.tier_id)}
              {price === null ? '' : ` · ${formatMoney(price, order.currency)}`}
            </div>
            {code.kind === 'pass' ? (
              <>
                <QrImage
                  text={code.text}
                  size={passPixels}
                  label="Ticket"
                  className="print-qr"
                  onDrawn={() => onDrawn(ticket.id)}
                />
                <div className="print-small">
                  Your ticket: show this code at the door. It admits one person once
                  {code.validUntilMs
                    ? `, until ${formatAttendeeTime(code.validUntilMs, event.timezone)}`
                    : ''}
                  . Whoever shows it first gets in: keep it to yourself.
                </div>
              </>
            ) : (
              <>
                <QrImage
                  text={code.text}
                  size={220}
                  label="Wallet link"
                  className="print-qr"
                  onDrawn={() => onDrawn(ticket.id)}
                />
                <div className="print-small">
                  This ticket is for phones only: paper is not accepted at the door. Scan this code with your
                  phone to open the ticket, and show the code it displays.
                </div>
              </>
            )}
            <div className="print-small print-ids">
              {ticket.id} · {order.id}
            </div>
          </article>
        );
      })}
    </div>,
    document.body,
  );
}
