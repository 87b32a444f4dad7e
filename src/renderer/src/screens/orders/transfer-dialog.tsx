import { useState, type FormEvent } from 'react';
import type { TicketView, TransferBody } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { Field } from '../../components/field.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useOrders } from '../../stores/orders-store.js';

interface Props {
  ticket: TicketView;
  onClose: () => void;
  onDone: (message: string) => void;
}

const fields = ['to_email', 'name', 'message'] as const;

/** Transfer: the recipient gets a new ticket and an email with its QR; this one stops working. */
export function TransferDialog({ ticket, onClose, onDone }: Props) {
  const transfer = useOrders((s) => s.transfer);
  const [form, setForm] = useState({ to_email: '', name: '', message: '' });
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: TransferBody = { to_email: form.to_email.trim() };
    if (form.name.trim()) body.name = form.name.trim();
    if (form.message.trim()) body.message = form.message.trim();
    setBusy(true);
    try {
      const fresh = await transfer(ticket, body);
      onDone(
        `Transferred ${ticket.id} to ${body.to_email}: new ticket ${fresh.id}. Their mail is queued; the Mail list below shows when it is sent.`,
      );
    } catch (err) {
      setError(splitError(err, fields));
      setBusy(false);
    }
  };

  const set = (field: (typeof fields)[number], value: string) => setForm({ ...form, [field]: value });

  return (
    <Dialog title={`Transfer ticket ${ticket.id}`} onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <Field label="Recipient email" error={error?.fields.to_email}>
          <input
            type="email"
            autoFocus
            value={form.to_email}
            onChange={(e) => set('to_email', e.target.value)}
          />
        </Field>
        <Field label="Recipient name (optional)" error={error?.fields.name}>
          <input value={form.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field label="Message (optional)" error={error?.fields.message}>
          <textarea rows={3} value={form.message} onChange={(e) => set('message', e.target.value)} />
        </Field>
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={busy ? 'Transferring…' : 'Transfer'}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
