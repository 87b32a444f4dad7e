import type { FormEvent, ReactNode } from 'react';

interface InlineFormProps {
  /** The form's accessible name, where its fields alone do not say what it adds. */
  label?: string;
  submitLabel: string;
  onSubmit: (e: FormEvent) => void;
  /** A refusal of the whole form (field errors show beside their fields). */
  error?: string | null | undefined;
  children: ReactNode;
}

/** A form on one line (add a key, add a member): its fields, the button at the end, then its refusal. */
export function InlineForm({ label, submitLabel, onSubmit, error, children }: InlineFormProps) {
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="inline-form" aria-label={label}>
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
