import { useCallback, useState, type FormEvent } from 'react';
import type { AttendeeView, TicketView } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { useServerList } from '../../hooks/use-server-list.js';
import { FormActions } from '../../components/form-actions.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { replacedNote, replacementBody } from '../../lib/replace-ticket.js';
import { useOrders } from '../../stores/orders-store.js';

interface Props {
  ticket: TicketView;
  holder: AttendeeView | undefined;
  onClose: () => void;
  /** `printTicketId`: the new ticket, when the holder wants it printed here and now. */
  onDone: (message: string, printTicketId: string | null) => void;
}

/**
 * A holder who lost their phone or slip, or whose code went round: they get a new ticket with a
 * new code, and every old copy stops working. Made as a transfer to the holder themselves.
 */
export function ReplaceDialog({ ticket, holder: lastRead, onClose, onDone }: Props) {
  const transfer = useOrders((s) => s.transfer);
  const { holder, readError, readAgain } = useHolderNow(ticket);
  // The address as staff typed it, or (untouched) the holder's as last read.
  const [typed, setTyped] = useState<string | null>(null);
  const email = typed ?? (holder ?? lastRead)?.email ?? '';
  const [print, setPrint] = useState(true);
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The new ticket carries the holder's name: not one read before another till put it right,
    // nor none while it is being read (it would go without one).
    if (!holder) return;
    const body = replacementBody(holder, email);
    if (!body.to_email && !print) {
      setError({
        form: null,
        fields: {
          to_email: 'Give an email, or print the new ticket here: otherwise the guest leaves with nothing.',
        },
      });
      return;
    }
    setBusy(true);
    try {
      const fresh = await transfer(ticket, body);
      onDone(replacedNote(ticket.id, fresh, body.to_email, print), print ? fresh.id : null);
    } catch (err) {
      setError(splitError(err, ['to_email']));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Replace ticket ${ticket.id}?`} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <p>
          For a lost phone or paper ticket, or a code that was forwarded or copied.{' '}
          {(holder ?? lastRead)?.name ?? 'The holder'} gets a new ticket with a new code;{' '}
          <strong>this one stops working at once</strong>, on every copy: a print, a screenshot, the wallet on
          a lost phone. A door that is offline now refuses it once it syncs, and shows it as a conflict if it
          let the old code in meanwhile.
        </p>
        <Field
          label="Send the new ticket to"
          hint="Leave empty when the guest has no email (a cash sale at the till): the new ticket is printed here to hand over."
          error={error?.fields.to_email}
        >
          <input type="email" autoFocus value={email} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        <label className="choice">
          <input type="checkbox" checked={print} onChange={(e) => setPrint(e.target.checked)} />
          Print the new ticket here too
        </label>
        {readError !== null ? (
          <p className="form-error" role="alert">
            Could not read the holder’s name as it is now: {readError}{' '}
            <button type="button" className="button button-small" onClick={readAgain}>
              Try again
            </button>
          </p>
        ) : null}
        <FormActions
          error={error?.form}
          onCancel={onClose}
          cancelLabel="Keep ticket"
          submitLabel={busy ? 'Replacing…' : holder ? 'Replace ticket' : 'Reading the holder…'}
          busy={busy || !holder}
        />
      </form>
    </Dialog>
  );
}

/** The ticket's holder read afresh as the dialog opens, and again on Try again after a failure. */
function useHolderNow(ticket: Pick<TicketView, 'id' | 'attendee_id'>) {
  const readHolder = useOrders((s) => s.readHolder);
  const read = useCallback(() => readHolder(ticket), [readHolder, ticket]);
  const { list: holder, readError, reread } = useServerList(read);
  return { holder, readError, readAgain: () => void reread() };
}
