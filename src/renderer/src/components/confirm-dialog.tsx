import { useState, type ReactNode } from 'react';
import { messageOf } from '../api/api-error.js';
import { Dialog } from './dialog.js';
import { FormActions } from './form-actions.js';

interface ConfirmProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice, focused first; Esc does the same. */
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be taken back (cancel, delete, revoke, rotate) and shows the
 * server's refusal in place; `onConfirm` throwing keeps the dialog open with that message.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  onConfirm,
  onClose,
}: ConfirmProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="dialog-body">
        {children}
        <FormActions
          error={error}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          focusCancel
          submitLabel={confirmLabel}
          danger={danger}
          busy={busy}
          onConfirm={() => void confirm()}
        />
      </div>
    </Dialog>
  );
}
