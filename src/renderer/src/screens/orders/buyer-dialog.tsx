import { useState, type FormEvent } from 'react';
import type { OrderView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { PersonFields, personFields } from '../../components/person-fields.js';
import { buyerCorrection } from '../../lib/buyer-changes.js';
import { confirmationWaitingFor } from '../../lib/mail-state.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useOrderMail } from '../../stores/order-mail-store.js';
import { useOrders } from '../../stores/orders-store.js';

interface Props {
  order: OrderView;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Puts right the buyer a seller mistyped (or names the buyer of a walk-in sale). Ticket holders
 * who were filled in from the buyer change with it; a corrected address can get the tickets at
 * once, since the confirmation already went to the wrong one. One still waiting to go out is moved
 * to the corrected address by the server, so then nothing more is queued unless the seller asks.
 */
export function BuyerDialog({ order, onClose, onDone }: Props) {
  const correctBuyer = useOrders((s) => s.correctBuyer);
  const resend = useOrderMail((s) => s.resend);
  const [name, setName] = useState(order.buyer?.name ?? '');
  const [email, setEmail] = useState(order.buyer?.email ?? '');
  // Null until the seller ticks or unticks it: the default follows the mail waiting (below).
  const [sendChoice, setSendChoice] = useState<boolean | null>(null);
  const mail = useOrderMail((s) => s.mail[order.id]?.data);
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  const hasTickets = order.tickets.some((t) => t.status === 'active');
  const correction = buyerCorrection(order.buyer, name, email);
  const newAddress = correction.kind === 'change' ? correction.patch.email : undefined;
  const oldAddress = order.buyer?.email ?? null;
  // A mail still waiting for the old address goes to the new one with the correction.
  const moved =
    newAddress !== undefined &&
    oldAddress !== null &&
    confirmationWaitingFor(mail ?? [], order.id, oldAddress);
  const sendTickets = sendChoice ?? !moved;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (correction.kind === 'none') return onClose();
    if (correction.kind === 'emptied') {
      setError({
        fields: {
          [correction.field]: `Type the corrected ${correction.field}; the buyer's ${correction.field} can be changed but not removed.`,
        },
        form: null,
      });
      return;
    }
    setBusy(true);
    try {
      const saved = await correctBuyer(order.id, correction.patch);
      const who = saved.buyer?.name ?? saved.buyer?.email ?? 'the buyer';
      if (newAddress && hasTickets && sendTickets) {
        const mail = await resend(order.id).catch(() => null);
        onDone(
          mail
            ? `Buyer corrected to ${who}. The tickets are queued to ${mail.to}; see Mail below.`
            : `Buyer corrected to ${who}, but the tickets could not be queued; use Email tickets… to try again.`,
        );
      } else if (newAddress && moved)
        onDone(
          `Buyer corrected to ${who}. The tickets waiting to go to ${oldAddress} go to ${newAddress} instead; see Mail below.`,
        );
      else onDone(`Buyer corrected to ${who}.`);
    } catch (err) {
      setError(splitError(err, personFields));
      setBusy(false);
    }
  };

  return (
    <Dialog title={order.buyer ? 'Correct the buyer' : 'Add the buyer'} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <p className="muted">
          Ticket holders who carry the buyer&apos;s old name or email change with it; holders typed in
          separately keep theirs.
        </p>
        <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} error={error} />
        {newAddress && hasTickets && moved ? (
          <p className="form-warning" role="note" aria-label="The waiting mail moves">
            A mail with these tickets to {oldAddress} is still waiting to go out: it goes to {newAddress}{' '}
            instead. Tick below only to queue a second one.
          </p>
        ) : null}
        {newAddress && hasTickets ? (
          <label className="choice">
            <input type="checkbox" checked={sendTickets} onChange={(e) => setSendChoice(e.target.checked)} />{' '}
            Email the tickets to {newAddress} now
          </label>
        ) : null}
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={busy ? 'Saving…' : 'Save'}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
