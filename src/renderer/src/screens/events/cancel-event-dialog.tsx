import { useEffect, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import type { BulkRefundView, EventView } from '../../api/types.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { formatMoney } from '../../lib/money.js';
import { useEvents } from '../../stores/events-store.js';

const ordersWord = (n: number) => `${n} paid order${n === 1 ? '' : 's'}`;

/**
 * Cancelling stops sales and admissions; refunding every paid order is offered beside it, with
 * the count and the total the server will move stated before anyone agrees to it.
 */
export function CancelEventDialog({ event, onClose }: { event: EventView; onClose: () => void }) {
  const cancelEvent = useEvents((s) => s.cancelEvent);
  const refundPreview = useEvents((s) => s.refundPreview);
  const refundAll = useEvents((s) => s.refundAll);
  const [preview, setPreview] = useState<BulkRefundView | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [refund, setRefund] = useState(false);

  useEffect(() => {
    refundPreview(event.id).then(setPreview, (err: unknown) => setPreviewError(messageOf(err)));
  }, [event.id, refundPreview]);

  const total = preview ? formatMoney(preview.amount_cents, preview.currency) : '';
  const confirm = async () => {
    await cancelEvent(event.id);
    if (refund) await refundAll(event.id);
  };

  return (
    <ConfirmDialog
      title={`Cancel ${event.title}?`}
      confirmLabel={refund && preview ? `Cancel and refund ${total}` : 'Cancel event'}
      cancelLabel="Keep event"
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>Sales and admissions stop at once.</p>
      {previewError ? <p className="form-error">Could not count the paid orders: {previewError}</p> : null}
      {!preview && !previewError ? <p className="muted">Counting the paid orders…</p> : null}
      {preview && preview.orders === 0 ? <p>No order has money to give back.</p> : null}
      {preview && preview.orders > 0 ? (
        <label className="choice" data-testid="refund-all">
          <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
          Also refund {ordersWord(preview.orders)}, {total} in all, each the way it was paid (their tickets
          are voided). Without this, refund them from Orders.
        </label>
      ) : null}
    </ConfirmDialog>
  );
}
