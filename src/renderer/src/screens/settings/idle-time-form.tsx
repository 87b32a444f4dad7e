import type { FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { useSettingSave } from '../../hooks/use-setting-save.js';
import { useSettings } from '../../stores/settings-store.js';

/** How long a till may sit untouched before its staff member is signed out (1–240 minutes). */
export function IdleTimeForm() {
  const current = useSettings((s) => s.settings.data?.staff_idle_minutes);
  const saveIdle = useSettings((s) => s.saveStaffIdleMinutes);
  const [formRef, setting] = useSettingSave('staff_idle_minutes', saveIdle);
  const value = setting.draft ?? (current === undefined ? '' : String(current));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minutes = Number(value);
    if (!/^\d+$/.test(value.trim()) || minutes < 1 || minutes > 240) {
      setting.refuse('Give a whole number of minutes from 1 to 240.');
      return;
    }
    await setting.submit(minutes);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="inline-form" aria-label="Idle sign-out">
      <Field label="Sign staff out after (minutes without use)" error={setting.error}>
        <input inputMode="numeric" value={value} onChange={(e) => setting.edit(e.target.value)} />
      </Field>
      <button type="submit" className="button">
        Save idle time
      </button>
      {setting.saved ? (
        <span className="muted" role="status">
          Saved: tills sign out after {current} min without use.
        </span>
      ) : null}
    </form>
  );
}
