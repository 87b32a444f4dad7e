import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useSettings } from '../../stores/settings-store.js';

/** How long a till may sit untouched before its staff member is signed out (1–240 minutes). */
export function IdleTimeForm() {
  const current = useSettings((s) => s.settings.data?.staff_idle_minutes);
  const saveIdle = useSettings((s) => s.saveStaffIdleMinutes);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<SplitError | null>(null);
  // A refused value takes the keyboard back, its message read with it.
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);
  const [saved, setSaved] = useState(false);
  const value = text ?? (current === undefined ? '' : String(current));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minutes = Number(value);
    if (!/^\d+$/.test(value.trim()) || minutes < 1 || minutes > 240) {
      setError({
        fields: { staff_idle_minutes: 'Give a whole number of minutes from 1 to 240.' },
        form: null,
      });
      return;
    }
    try {
      await saveIdle(minutes);
      setText(null);
      setError(null);
      setSaved(true);
    } catch (err) {
      setError(splitError(err, ['staff_idle_minutes']));
      setSaved(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="inline-form" aria-label="Idle sign-out">
      <Field
        label="Sign staff out after (minutes without use)"
        error={error?.fields.staff_idle_minutes ?? error?.form}
      >
        <input
          inputMode="numeric"
          value={value}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <button type="submit" className="button">
        Save idle time
      </button>
      {saved ? (
        <span className="muted" role="status">
          Saved: tills sign out after {current} min without use.
        </span>
      ) : null}
    </form>
  );
}
