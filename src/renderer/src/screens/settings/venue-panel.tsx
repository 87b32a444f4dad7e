import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { ErrorNote, Loading } from '../../components/states.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useSettings } from '../../stores/settings-store.js';
import { ServerTimeZone, VenueClockForm } from './venue-clock-form.js';

export function VenuePanel() {
  const settings = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.loadSettings);
  const saveVenueName = useSettings((s) => s.saveVenueName);
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<SplitError | null>(null);
  // A refused value takes the keyboard back, its message read with it.
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  const value = name ?? settings.data?.venue_name ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Said in the form's words before asking; the server's own refusal names its field.
    if (!value.trim()) {
      setError({
        fields: { venue_name: 'Give the venue a name: receipts and the door show it.' },
        form: null,
      });
      setSaved(false);
      return;
    }
    try {
      await saveVenueName(value);
      setError(null);
      setName(null);
      setSaved(true);
    } catch (err) {
      setError(splitError(err, ['venue_name']));
      setSaved(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="venue-title">
      <h2 id="venue-title">Venue</h2>
      {settings.state === 'loading' && !settings.data ? <Loading what="settings" /> : null}
      {settings.state === 'error' ? (
        <ErrorNote message={settings.error} onRetry={() => void loadSettings()} />
      ) : null}
      {settings.data ? (
        <form ref={formRef} onSubmit={submit} noValidate className="inline-form">
          <Field
            label="Venue name"
            error={error?.fields.venue_name ?? error?.form}
            hint="Printed on tickets and shown at every till"
          >
            <input
              value={value}
              maxLength={100}
              onChange={(e) => {
                setName(e.target.value);
                setSaved(false);
              }}
            />
          </Field>
          <button type="submit" className="button button-primary">
            Save
          </button>
          {saved ? (
            <span className="muted" role="status">
              Saved.
            </span>
          ) : null}
        </form>
      ) : null}
      {settings.data ? <VenueClockForm settings={settings.data} /> : null}
      {settings.data ? (
        <ServerTimeZone zone={settings.data.server_timezone} venueZone={settings.data.venue_timezone} />
      ) : null}
    </section>
  );
}
