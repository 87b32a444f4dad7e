import { useState, type FormEvent } from 'react';
import type { AttendeeView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { PersonFields, personFields } from '../../components/person-fields.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { holderChanges } from '../../lib/holder-changes.js';
import { useOrders } from '../../stores/orders-store.js';

interface Props {
  holder: AttendeeView;
  /** The ticket reached its holder by a transfer: it is mailed from its own row, not the order's. */
  transferredIn: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Puts right a ticket holder's name or email after the sale: the door's guest search, the guest
 * list and the attendee export read it. The order's buyer is corrected apart (buyer-dialog.tsx).
 */
export function HolderDialog({ holder, transferredIn, onClose, onDone }: Props) {
  const updateHolder = useOrders((s) => s.updateHolder);
  const [name, setName] = useState(holder.name ?? '');
  const [email, setEmail] = useState(holder.email ?? '');
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const patch = holderChanges(holder, name, email);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      const saved = await updateHolder(holder.id, patch);
      onDone(`Ticket ${saved.ticket_id} now belongs to ${saved.name ?? saved.email ?? 'no one by name'}.`);
    } catch (err) {
      setError(splitError(err, personFields));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Holder of ticket ${holder.ticket_id}`} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <p className="muted">
          {transferredIn
            ? 'The door finds the guest by this name. To send this ticket to a corrected address, use Email ticket… on its row as well.'
            : 'The door finds the guest by this name. To send the tickets to a corrected address, use Email tickets… as well.'}
        </p>
        <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} error={error} />
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
