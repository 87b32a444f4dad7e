import { useState, type FormEvent } from 'react';
import type { MailView, OrderView } from '../api/types.js';
import { splitError, type SplitError } from '../lib/field-errors.js';
import { resendAddressProblem, resendAdvice } from '../lib/mail-state.js';
import { useOrderMail } from '../stores/order-mail-store.js';
import { Dialog } from './dialog.js';
import { Field } from './field.js';
import { FormActions } from './form-actions.js';

interface Props {
  order: OrderView;
  onClose: () => void;
  onDone: (mail: MailView) => void;
}

/**
 * Emails the order's tickets (PDF with each pass, wallet links) through the server's outbox: to
 * the buyer, or to another address typed here. Another address is used this once; the order keeps
 * its buyer (docs/api.md "Resend"). Every send queues another mail, so while one to the same
 * address still waits the dialog says so first and the button reads "Send another anyway".
 */
export function ResendDialog({ order, onClose, onDone }: Props) {
  const resend = useOrderMail((s) => s.resend);
  const known = useOrderMail((s) => s.mail[order.id]?.data);
  const buyerEmail = order.buyer?.email ?? null;
  const [email, setEmail] = useState('');
  const advice = resendAdvice(known ?? [], email.trim() || buyerEmail);
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = resendAddressProblem(email, buyerEmail);
    if (problem) {
      setError({ fields: { email: problem }, form: null });
      return;
    }
    setBusy(true);
    try {
      onDone(await resend(order.id, email.trim() || undefined));
    } catch (err) {
      setError(splitError(err, ['email']));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Email the tickets" onClose={onClose}>
      <form className="dialog-body" onSubmit={submit} noValidate>
        <p className="muted">
          The mail carries a PDF with each ticket&apos;s paper pass and its wallet link.
          {buyerEmail ? ` Leave the address empty to send it to the buyer, ${buyerEmail}.` : ''}
        </p>
        <Field
          label={buyerEmail ? 'Send to another address (optional)' : 'Email'}
          error={error?.fields.email}
          hint={
            buyerEmail
              ? 'Used for this mail only. If the buyer’s address was mistyped, use Correct buyer… instead.'
              : undefined
          }
        >
          <input
            type="email"
            autoFocus
            placeholder={buyerEmail ?? 'guest@example.com'}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        {advice.warning ? (
          <p className="form-warning" role="note" aria-label="A mail is still waiting">
            {advice.warning}
          </p>
        ) : null}
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={busy ? 'Queuing…' : advice.submitLabel}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
