import { useEffect, useRef, useState } from 'react';
import { isPastEvent } from '../../lib/event-season.js';
import { messageOf } from '../../api/api-error.js';
import type { BulkRefundView, EventView } from '../../api/types.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Field } from '../../components/field.js';
import { formatMoney } from '../../lib/money.js';
import {
  bulkRefundDoneWords,
  bulkRefundPlanWords,
  bulkRefundTitle,
  cancelledNotice,
  holdersMailedWords,
  nothingToRefund,
} from '../../lib/refund-words.js';
import { useEvents } from '../../stores/events-store.js';

interface Props {
  event: EventView;
  onClose: () => void;
  /** What was done, for the event's page to say once the dialog has closed. */
  onDone: (message: string) => void;
}

/**
 * Cancelling stops sales and admissions; refunding every paid order is offered beside it, with
 * the count and the total the server will move stated before anyone agrees to it. On an event
 * already cancelled (its refund failed after the cancel, or was left for later) the dialog only
 * refunds. Cancel and refund are two requests: a refund that fails after the cancel says so, and
 * asking again refunds without cancelling twice.
 */
export function CancelEventDialog({ event, onClose, onDone }: Props) {
  const cancelEvent = useEvents((s) => s.cancelEvent);
  const refundPreview = useEvents((s) => s.refundPreview);
  const refundAll = useEvents((s) => s.refundAll);
  const [preview, setPreview] = useState<BulkRefundView | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const refundOnly = event.status === 'cancelled';
  const [refund, setRefund] = useState(refundOnly);
  const cancelled = useRef(refundOnly);
  // A show that is over (called off after the fact, tidied up) is not news to mail its holders
  // about unless someone chooses to.
  const [over] = useState(() => isPastEvent(event, Date.now()));
  const [notifyHolders, setNotifyHolders] = useState(!over);
  const [message, setMessage] = useState('');
  // Said with whatever comes after the cancel, so a refund that fails later still reports it.
  const mailed = useRef('');

  useEffect(() => {
    refundPreview(event.id).then(setPreview, (err: unknown) => setPreviewError(messageOf(err)));
  }, [event.id, refundPreview]);

  const total = preview ? formatMoney(preview.amount_cents, preview.currency) : '';
  const what = preview ? bulkRefundPlanWords(preview) : '';
  const onlyFree = preview !== null && preview.orders === 0 && preview.voided_tickets > 0;
  // A cancelled event sells nothing more: a count of nothing stays nothing.
  const nothingLeft = refundOnly && nothingToRefund(preview);
  const confirmLabel = nothingLeft
    ? 'Close'
    : refundOnly
      ? onlyFree
        ? 'Void the free tickets'
        : `Refund ${total}`
      : refund && preview
        ? onlyFree
          ? 'Cancel and void the free tickets'
          : `Cancel and refund ${total}`
        : 'Cancel event';
  const confirm = async () => {
    if (!cancelled.current) {
      const words = message.trim();
      const { holdersNotified } = await cancelEvent(event.id, {
        notify_holders: notifyHolders,
        ...(notifyHolders && words !== '' ? { message: words } : {}),
      });
      cancelled.current = true;
      mailed.current = holdersMailedWords(notifyHolders, holdersNotified);
    }
    const withMail = (notice: string) => (mailed.current ? `${notice} ${mailed.current}` : notice);
    if (nothingLeft) return;
    if (!refund) return onDone(withMail(cancelledNotice(preview)));
    try {
      onDone(withMail(`${refundOnly ? '' : 'Cancelled. '}${bulkRefundDoneWords(await refundAll(event.id))}`));
    } catch (err) {
      throw new Error(
        withMail(
          `${refundOnly ? '' : 'The event is cancelled, but '}the refunds did not go through: ${messageOf(err)} Ask again to refund; nothing is refunded twice.`,
        ),
      );
    }
  };

  return (
    <ConfirmDialog
      title={refundOnly ? bulkRefundTitle(event.title, preview) : `Cancel ${event.title}?`}
      confirmLabel={confirmLabel}
      cancelLabel={refundOnly ? 'Not now' : 'Keep event'}
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      {refundOnly ? null : <p>Sales and admissions stop at once.</p>}
      {refundOnly ? null : (
        <label className="choice" data-testid="notify-holders">
          <input
            type="checkbox"
            checked={notifyHolders}
            onChange={(e) => setNotifyHolders(e.target.checked)}
          />
          Email the ticket holders
          {over ? <span className="muted small"> (this show is over)</span> : null}
        </label>
      )}
      {!refundOnly && notifyHolders ? (
        <Field
          label="Message to the ticket holders (optional)"
          hint="Sent as you write it. Without one, the mail says the box office will tell them about refunds."
        >
          <textarea rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field>
      ) : null}
      {previewError ? <p className="form-error">Could not count the paid orders: {previewError}</p> : null}
      {!preview && !previewError ? <p className="muted">Counting the paid orders…</p> : null}
      {preview && what === '' ? (
        <p>No order has money to give back, and no free ticket is left to void.</p>
      ) : null}
      {/* Cancelled: nothing is sold meanwhile, so the count is what will be done. */}
      {what !== '' && refundOnly ? (
        <p data-testid="refund-all">{what.charAt(0).toUpperCase() + what.slice(1)}.</p>
      ) : null}
      {what !== '' && !refundOnly ? (
        <label className="choice" data-testid="refund-all">
          <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
          Also {what}. Without this,{' '}
          {preview?.orders ? 'refund them from here later or from Orders' : 'void them from here later'}.
        </label>
      ) : null}
    </ConfirmDialog>
  );
}
