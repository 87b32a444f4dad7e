import { useEffect, useState, type FormEvent } from 'react';
import type { OrderView, RefundMethod, ShiftView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { amountExample, amountInputMode, amountReadBack, formatMoney, parseMoney } from '../../lib/money.js';
import {
  defaultRefundMethod,
  oldCardRefundNote,
  partRefundNote,
  refundMethodLabels,
  noShiftRefundNote,
  partRefundAmount,
  refundMethods,
  soldElsewhereNote,
} from '../../lib/refund-words.js';
import { useOrders } from '../../stores/orders-store.js';
import { fetchShift, useShift } from '../../stores/shift-store.js';

interface Props {
  order: OrderView;
  /** When the order was sold, as the order reads it (the venue's clock). */
  soldAt: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Full or partial refund of an order; a full refund also voids its active tickets (server rule). */
export function RefundDialog({ order, soldAt, onClose, onDone }: Props) {
  const refund = useOrders((s) => s.refund);
  const left = order.total_cents - order.refunded_cents;
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  // Empty, not everything left: a part refund typed over a full one would void the tickets.
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<RefundMethod>(defaultRefundMethod(order));
  const [note, setNote] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  // A refused amount takes the keyboard back from the Refund button.
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);
  const partNote = mode === 'partial' ? partRefundNote(order, parseMoney(amount, order.currency)) : null;
  const [openedAt] = useState(() => Date.now());
  const cardNote = oldCardRefundNote(order, method, openedAt);
  const here = useSoldShiftHere(order.shift_id);
  const soldNote = here ? soldElsewhereNote(here.sold, soldAt, here.current, method) : null;
  const shiftOpen = useShift((s) => (s.current.state === 'ready' ? s.current.data !== null : null));
  const drawerNote = noShiftRefundNote(method, shiftOpen);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let cents: number | undefined;
    if (mode === 'partial') {
      const read = partRefundAmount(amount, order.currency, left);
      if ('problem' in read) {
        setError({ fields: { amount_cents: read.problem }, form: null });
        return;
      }
      cents = read.cents;
    }
    setBusy(true);
    try {
      const updated = await refund(order.id, {
        ...(cents === undefined ? {} : { amount_cents: cents }),
        method,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      onDone(`Refunded ${formatMoney(updated.refunded_cents - order.refunded_cents, order.currency)}.`);
    } catch (err) {
      setError(splitError(err, ['amount_cents', 'note']));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Refund order ${order.id}`} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate ref={formRef}>
        <p>
          Paid {formatMoney(order.total_cents, order.currency)}, refunded so far{' '}
          {formatMoney(order.refunded_cents, order.currency)}.
        </p>
        {soldNote ? (
          <p className="form-warning" role="note" data-testid="sold-elsewhere">
            {soldNote}
          </p>
        ) : null}
        <fieldset className="choices">
          <legend>Refund</legend>
          <label className="choice">
            <input
              type="radio"
              name="mode"
              checked={mode === 'full'}
              onChange={() => setMode('full')}
              autoFocus
            />
            Everything left ({formatMoney(left, order.currency)}) — also voids the order&apos;s active tickets
          </label>
          <label className="choice">
            <input
              type="radio"
              name="mode"
              checked={mode === 'partial'}
              onChange={() => setMode('partial')}
            />
            Part of it
          </label>
        </fieldset>
        {partNote ? (
          <p className="form-warning" role="note">
            {partNote}
          </p>
        ) : null}
        {mode === 'partial' ? (
          <Field
            label="Amount"
            error={error?.fields.amount_cents}
            hint={amountReadBack(amount, order.currency) ?? undefined}
          >
            <input
              inputMode={amountInputMode(order.currency)}
              value={amount}
              placeholder={amountExample(order.currency)}
              onChange={(e) => setAmount(e.target.value)}
              autoFocus
            />
          </Field>
        ) : null}
        <fieldset className="choices">
          <legend>How the money goes back</legend>
          {refundMethods.map((m) => (
            <label key={m} className="choice">
              <input type="radio" name="method" checked={method === m} onChange={() => setMethod(m)} />
              {refundMethodLabels[m]}
            </label>
          ))}
        </fieldset>
        {drawerNote ? (
          <p className="form-warning" role="note" aria-label="No shift open">
            {drawerNote}
          </p>
        ) : null}
        {cardNote ? (
          <p className="form-warning" role="note" data-testid="old-card-note">
            {cardNote}
          </p>
        ) : null}
        <Field
          label="Why (optional)"
          error={error?.fields.note}
          hint="Kept on the order, for whoever asks later"
        >
          <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={busy ? 'Refunding…' : 'Refund'}
          danger
          busy={busy}
        />
      </form>
    </Dialog>
  );
}

/**
 * The shift an order was sold in, beside this till's open one (null: none open), once both are
 * known and they differ; null otherwise. The sold shift is read for its till's name: a read that
 * fails leaves the note out, as the refund does not depend on it.
 */
function useSoldShiftHere(soldShiftId: string | null): { sold: ShiftView; current: ShiftView | null } | null {
  const current = useShift((s) => (s.current.state === 'ready' ? s.current.data : undefined));
  const [sold, setSold] = useState<ShiftView | null>(null);
  const differs = soldShiftId !== null && current !== undefined && soldShiftId !== current?.id;
  useEffect(() => {
    if (!differs) return;
    let live = true;
    void fetchShift(soldShiftId).then(
      (shift) => {
        if (live) setSold(shift);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [differs, soldShiftId]);
  return differs && sold?.id === soldShiftId ? { sold, current } : null;
}
