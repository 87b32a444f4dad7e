import { cloneElement, useId, type ReactElement } from 'react';

interface FieldProps {
  label: string;
  error?: string | null | undefined;
  hint?: string;
  /** One input, select or textarea; Field wires its id and error description. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
  className?: string;
  /**
   * Said under the field until dealt with (another till changed what was typed here), with an
   * optional button; the input is described by the note's words as by its hint and error.
   */
  note?: { text: string; action?: { label: string; onClick: () => void } } | null | undefined;
}

/** A labelled input with its hint and the server's (or the form's) message for it. */
export function Field({ label, error, hint, children, className, note }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy =
    [hint ? hintId : null, note ? noteId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {note ? (
        <div className="field-note" role="note">
          <p id={noteId}>{note.text}</p>
          {note.action ? (
            <button
              type="button"
              className="button button-small"
              aria-describedby={noteId}
              onClick={note.action.onClick}
            >
              {note.action.label}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
