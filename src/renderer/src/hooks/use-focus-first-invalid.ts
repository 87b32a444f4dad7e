import { useEffect, useRef } from 'react';

/**
 * A ref for a form whose refused field should take the keyboard when `error` arrives: a person
 * who pressed the form's button (or Enter in another field) lands on what to fix, and a screen
 * reader reads that field with its message. Forms without a field in error keep the focus, and so
 * do read-only fields in error: nothing can be typed there (the till's quantity while paying, whose
 * focus would go back a step and clear the sold-out words it shows).
 */
export function useFocusFirstInvalid<T extends HTMLElement>(error: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (error) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([readonly])')?.focus();
  }, [error]);
  return ref;
}
