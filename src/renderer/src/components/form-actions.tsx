interface FormActionsProps {
  /** A refusal of the whole form (field errors show beside their fields). */
  error?: string | null;
  onCancel: () => void;
  cancelLabel?: string;
  /** Focus the safe choice first, for dialogs whose submit cannot be undone. */
  focusCancel?: boolean;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  /** Outside a form (a confirmation): the button runs this instead of submitting. */
  onConfirm?: () => void;
}

/** The end of every dialog form: its error, then Cancel (Esc) and the submit button. */
export function FormActions({
  error,
  onCancel,
  cancelLabel = 'Cancel',
  focusCancel = false,
  submitLabel,
  danger = false,
  busy,
  onConfirm,
}: FormActionsProps) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} autoFocus={focusCancel}>
          {cancelLabel} <kbd>Esc</kbd>
        </button>
        <button
          type={onConfirm ? 'button' : 'submit'}
          className={danger ? 'button button-danger' : 'button button-primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {submitLabel}
        </button>
      </div>
    </>
  );
}
