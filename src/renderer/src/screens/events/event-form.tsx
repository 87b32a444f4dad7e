import { useMemo, useState, type FormEvent } from 'react';
import { currencyCodes } from '../../../../shared/currencies.js';
import { messageOf } from '../../api/api-error.js';
import { Field } from '../../components/field.js';
import { RepeatedTimeChoice } from '../../components/repeated-time-choice.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import {
  checkBeforeSave,
  clashNote,
  clashStoppedSave,
  clashedFields,
  eventFormFields,
  followEvent,
  onSaleAfterDoorsWarning,
  sameEventForm,
  takeTheirs,
  type EventForm,
  type EventFormField,
} from '../../lib/event-form.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { knownTimeZones, tillTimeZone, type RepeatedPick } from '../../lib/zoned-time.js';

interface EventFormProps {
  initial: EventForm;
  submitLabel: string;
  readOnly?: boolean;
  /** Parses and sends; answers field errors from the browser's parse or throws the server's refusal. */
  onSubmit: (form: EventForm) => Promise<Partial<Record<keyof EventForm, string>> | void>;
  /** What the form as typed would do that the person should know before saving (doors moved later). */
  warning?: (form: EventForm) => string | null;
  /**
   * `initial` is the event as read again from the server (another till's edit): fields not typed
   * in follow it, typed ones stay. Without it the form keeps what it opened with.
   */
  follow?: boolean;
  /**
   * Reads the event again from the server, as a form. Given, Save calls it first and sends
   * nothing when it fails, or when another till changed a field typed here since the form last
   * read it (`checkBeforeSave`): the field says so, and a second Save keeps the choice made.
   */
  reread?: () => Promise<EventForm>;
}

/**
 * Title, venue, doors, on-sale time, time zone and currency, with the server's refusal on its
 * field. Doors and on-sale are the venue's wall times, in the event's zone (not the till's).
 */
export function EventFormView({
  initial,
  submitLabel,
  readOnly = false,
  onSubmit,
  warning,
  follow = false,
  reread,
}: EventFormProps) {
  const [form, setForm] = useState(initial);
  // What the form opened on, or was last brought up to: a field still equal to it is untouched.
  const [opened, setOpened] = useState(initial);
  // Fields typed here that another till changed meanwhile: said under each until dealt with.
  const [clashes, setClashes] = useState<readonly EventFormField[]>([]);
  if (follow && !sameEventForm(initial, opened)) {
    setOpened(initial);
    setClashes(clashedFields(clashes, form, opened, initial));
    setForm(followEvent(form, opened, initial));
  }
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setSaved(false);
    try {
      let sending = form;
      if (reread) {
        let now: EventForm;
        try {
          now = await reread();
        } catch (err) {
          setError({
            fields: {},
            form: `Not saved: the event could not be read again to check for changes made at another till. ${messageOf(err)} Press “${submitLabel}” again.`,
          });
          return;
        }
        // Saved on the last 30 s read, untouched fields would put back what another till just saved.
        const check = checkBeforeSave(clashes, form, opened, now);
        setOpened(now);
        setClashes(check.clashes);
        // Typed into while the event was read: that typing stays, brought up to the event as well.
        setForm((current) => (current === form ? check.form : followEvent(current, opened, now)));
        if (check.unseen.length > 0) {
          setError({ fields: {}, form: clashStoppedSave(check.unseen, submitLabel) });
          return;
        }
        sending = check.form;
      }
      const local = await onSubmit(sending);
      if (local && Object.keys(local).length > 0)
        setError({ fields: local as Record<string, string>, form: null });
      else {
        setError(null);
        setSaved(true);
        setClashes([]);
      }
    } catch (err) {
      setError(splitError(err, eventFormFields));
    } finally {
      setBusy(false);
    }
  };
  const edit = (next: EventForm) => {
    setForm(next);
    setSaved(false);
    // Typed (or taken back) to what the other till saved: nothing left to say.
    if (clashes.length > 0) setClashes(clashedFields(clashes, next, opened, opened));
  };
  const set = (field: keyof EventForm, value: string) => edit({ ...form, [field]: value });
  const setPick = (field: 'doors_at' | 'on_sale_at', pick: RepeatedPick) =>
    edit({ ...form, picks: { ...form.picks, [field]: pick } });
  // What the other till saved, with a button to take it instead of what was typed here.
  const clash = (field: EventFormField) =>
    clashes.includes(field)
      ? {
          text: clashNote(opened, field),
          action: { label: 'Use theirs', onClick: () => edit(takeTheirs(form, opened, field)) },
        }
      : null;
  const err = (field: keyof EventForm) => error?.fields[field];
  const caution = readOnly ? null : (warning?.(form) ?? onSaleAfterDoorsWarning(form));
  // The list is long (≈420 zones) and fixed for the life of the form.
  const zones = useMemo(() => knownTimeZones(initial.timezone, tillTimeZone()), [initial.timezone]);

  return (
    <form ref={formRef} className="form-grid" onSubmit={submit} noValidate aria-label="Event">
      <Field label="Title" error={err('title')} note={clash('title')} className="span-2">
        <input
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          readOnly={readOnly}
          autoFocus={!readOnly && !initial.title}
        />
      </Field>
      <Field label="Venue" error={err('venue')} note={clash('venue')} className="span-2">
        <input value={form.venue} onChange={(e) => set('venue', e.target.value)} readOnly={readOnly} />
      </Field>
      <Field
        label="Doors open"
        error={err('doors_at')}
        note={clash('doors_at')}
        hint={`Venue time (${form.timezone.trim() || 'its zone'})`}
      >
        <input
          type="datetime-local"
          value={form.doors_at}
          onChange={(e) => set('doors_at', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <RepeatedTimeChoice
        value={form.doors_at}
        zone={form.timezone.trim()}
        pick={form.picks?.doors_at}
        onPick={(pick) => setPick('doors_at', pick)}
        disabled={readOnly}
      />
      {caution ? (
        <p className="form-warning span-2" role="note" data-testid="doors-moved-warning">
          {caution}
        </p>
      ) : null}
      <Field label="On sale from" error={err('on_sale_at')} note={clash('on_sale_at')} hint="Empty: from now">
        <input
          type="datetime-local"
          value={form.on_sale_at}
          onChange={(e) => set('on_sale_at', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <RepeatedTimeChoice
        value={form.on_sale_at}
        zone={form.timezone.trim()}
        pick={form.picks?.on_sale_at}
        onPick={(pick) => setPick('on_sale_at', pick)}
        disabled={readOnly}
      />
      <Field
        label="Time zone"
        error={err('timezone')}
        note={clash('timezone')}
        hint="Where the event happens: doors and on-sale are on its clock. Changing it keeps the times as typed (19:00 stays 19:00 at the venue)."
        className="span-2"
      >
        <input
          value={form.timezone}
          list="time-zones"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set('timezone', e.target.value)}
          readOnly={readOnly}
        />
      </Field>
      <Field
        label="Currency"
        error={err('currency')}
        note={clash('currency')}
        hint="Three letters: eur for euros, gbp for pounds, usd for US dollars"
      >
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
        note={clash('capacity')}
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
      <datalist id="time-zones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
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
