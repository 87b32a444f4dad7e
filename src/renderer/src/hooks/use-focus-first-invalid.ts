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
    if (!error) return;
    const invalid = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not([readonly])');
    // A group refused as a whole (no event kind ticked) is not focusable: its first box takes it.
    const target = invalid?.matches('fieldset')
      ? invalid.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled)')
      : invalid;
    target?.focus();
  }, [error]);
  return ref;
}
