import { useState } from 'react';
import { splitError, type SplitError } from '../lib/field-errors.js';
import { useFocusFirstInvalid } from './use-focus-first-invalid.js';

/**
 * The save of a one-field settings form (venue name, venue clock, idle time): the text being
 * edited (null until touched: the form shows the saved value), the refusal on that field (the
 * form's own words, or the server's split onto it), and "Saved" once the server took it, until
 * the next edit. A refused value takes the keyboard back, its message read with it: the form's
 * ref comes first, apart, so the form reads the rest of the answer during render.
 */
export function useSettingSave<Value>(field: string, save: (value: Value) => Promise<unknown>) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<SplitError | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);

  const setting = {
    draft,
    saved,
    /** What the field shows under it: its own message, else one about the whole form. */
    error: error?.fields[field] ?? error?.form,
    edit(text: string) {
      setDraft(text);
      setSaved(false);
    },
    /** Refused before asking the server, in the form's words. */
    refuse(message: string) {
      setError({ fields: { [field]: message }, form: null });
      setSaved(false);
    },
    async submit(value: Value) {
      try {
        await save(value);
        setDraft(null);
        setError(null);
        setSaved(true);
      } catch (err) {
        setError(splitError(err, [field]));
        setSaved(false);
      }
    },
  };
  return [formRef, setting] as const;
}
