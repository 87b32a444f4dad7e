import type { InputHTMLAttributes, Ref } from 'react';

interface KioskFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The server's or the kiosk's words for what is wrong with it; the field is marked invalid. */
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled field of the details step, with its error said under it and tied to it for a screen reader. */
export function KioskField({ id, label, error, ref, ...input }: KioskFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="kiosk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p className="kiosk-field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
