import { useState, type FormEvent } from 'react';
import type { OrderView, TicketView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { messageOf } from '../../api/api-error.js';
import { formatMoney } from '../../lib/money.js';
import { voidMoneyWords, voidOutcome, voidRefundCents, voidWarning } from '../../lib/void-outcome.js';
import { useOrders } from '../../stores/orders-store.js';
import { useShift } from '../../stores/shift-store.js';

interface Props {
  order: OrderView;
  ticket: TicketView;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Voiding is irreversible, so it is confirmed; the refund of the ticket's price is on by default,
 * and offered only when there is money to give back (not for a free or comp ticket).
 */
export function VoidDialog({ order, ticket, onClose, onDone }: Props) {
  const voidTicket = useOrders((s) => s.voidTicket);
  const refundCents = order.payment_method === 'comp' ? 0 : voidRefundCents(ticket, order);
  const [refund, setRefund] = useState(refundCents > 0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const warning = voidWarning(ticket, order);
  const shiftOpen = useShift((s) => (s.current.state === 'ready' ? s.current.data !== null : null));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { order: after } = await voidTicket(ticket, refund);
      onDone(voidOutcome(ticket, order, after));
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Void ticket ${ticket.id}?`} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit}>
        <p>
          The ticket stops working at the door at once. <strong>This cannot be undone.</strong>
        </p>
        {refundCents > 0 ? (
          <label className="choice">
            <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
            Refund {formatMoney(refundCents, order.currency)} on order {order.id}
          </label>
        ) : null}
        <p className="muted" role="note" aria-label="What happens to the money">
          {voidMoneyWords(order, ticket, refund, shiftOpen)}
        </p>
        {refund && warning ? (
          <p className="form-warning" role="note">
            {warning}
          </p>
        ) : null}
        <FormActions
          error={error}
          onCancel={onClose}
          cancelLabel="Keep ticket"
          focusCancel
          submitLabel={busy ? 'Voiding…' : 'Void ticket'}
          danger
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
