import { useState, type FormEvent } from 'react';
import { currencyCodes } from '../../../../shared/currencies.js';
import { Field } from '../../components/field.js';
import { eventFormFields, type EventForm } from '../../lib/event-form.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';

interface EventFormProps {
  initial: EventForm;
  submitLabel: string;
  readOnly?: boolean;
  /** Parses and sends; answers field errors from the browser's parse or throws the server's refusal. */
  onSubmit: (form: EventForm) => Promise<Partial<Record<keyof EventForm, string>> | void>;
}

/** Title, venue, doors, on-sale time and currency, with the server's refusal on its field. */
export function EventFormView({ initial, submitLabel, readOnly = false, onSubmit }: EventFormProps) {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      const local = await onSubmit(form);
      if (local && Object.keys(local).length > 0)
        setError({ fields: local as Record<string, string>, form: null });
      else {
        setError(null);
        setSaved(true);
      }
    } catch (err) {
      setError(splitError(err, eventFormFields));
    } finally {
      setBusy(false);
    }
  };
  const set = (field: keyof EventForm, value: string) => {
    setForm({ ...form, [field]: value });
    setSaved(false);
  };
  const err = (field: keyof EventForm) => error?.fields[field];

  return (
    <form className="form-grid" onSubmit={submit} noValidate aria-label="Event">
      <Field label="Title" error={err('title')} className="span-2">
        <input
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          readOnly={readOnly}
          autoFocus={!readOnly && !initial.title}
        />
      </Field>
      <Field label="Venue" error={err('venue')} className="span-2">
        <input value={form.venue} onChange={(e) => set('venue', e.target.value)} readOnly={readOnly} />
      </Field>
      <Field label="Doors open" error={err('doors_at')}>
        <input
          type="datetime-local"
          value={form.doors_at}
          onChange={(e) => set('doors_at', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <Field label="On sale from" error={err('on_sale_at')} hint="Empty: from now">
        <input
          type="datetime-local"
          value={form.on_sale_at}
          onChange={(e) => set('on_sale_at', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <Field label="Currency" error={err('currency')} hint="ISO 4217 code, e.g. usd, eur, jpy">
        <input
          value={form.currency}
          list="currency-codes"
          autoComplete="off"
          onChange={(e) => set('currency', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <Field
        label="Capacity"
        error={err('capacity')}
        hint="People inside at once, exits counted. Empty: no limit. Doors warn at 90 %, stop at 100 %."
      >
        <input
          inputMode="numeric"
          value={form.capacity}
          onChange={(e) => set('capacity', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <datalist id="currency-codes">
        {currencyCodes.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      {error?.form ? (
        <p className="form-error span-2" role="alert">
          {error.form}
        </p>
      ) : null}
      {readOnly ? null : (
        <div className="form-actions span-2">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
          {saved ? (
            <span className="muted" role="status">
              Saved.
            </span>
          ) : null}
        </div>
      )}
    </form>
  );
}
