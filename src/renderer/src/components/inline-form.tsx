import type { FormEvent, ReactNode } from 'react';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid.js';

interface InlineFormProps {
  /** The form's accessible name, where its fields alone do not say what it adds. */
  label?: string;
  submitLabel: string;
  onSubmit: (e: FormEvent) => void;
  /** A refusal of the whole form (field errors show beside their fields). */
  error?: string | null | undefined;
  /** The last refusal, whatever its shape: when it comes, the first field marked invalid takes the keyboard. */
  refusal?: unknown;
  children: ReactNode;
}

/** A form on one line (add a key, add a member): its fields, the button at the end, then its refusal. */
export function InlineForm({ label, submitLabel, onSubmit, error, refusal, children }: InlineFormProps) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(refusal);
  return (
    <>
      <form ref={ref} onSubmit={onSubmit} noValidate className="inline-form" aria-label={label}>
        {children}
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
      </form>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
