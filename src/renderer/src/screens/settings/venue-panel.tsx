import { useEffect, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { useSettingSave } from '../../hooks/use-setting-save.js';
import { ErrorNote, Loading } from '../../components/states.js';
import { useSettings } from '../../stores/settings-store.js';
import { ServerTimeZone, VenueClockForm } from './venue-clock-form.js';

export function VenuePanel() {
  const settings = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.loadSettings);
  const saveVenueName = useSettings((s) => s.saveVenueName);
  const [formRef, setting] = useSettingSave('venue_name', saveVenueName);

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  const value = setting.draft ?? settings.data?.venue_name ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Said in the form's words before asking; the server's own refusal names its field.
    if (!value.trim()) {
      setting.refuse('Give the venue a name: receipts and the door show it.');
      return;
    }
    await setting.submit(value);
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
          <Field label="Venue name" error={setting.error} hint="Printed on tickets and shown at every till">
            <input value={value} maxLength={100} onChange={(e) => setting.edit(e.target.value)} />
          </Field>
          <button type="submit" className="button button-primary">
            Save
          </button>
          {setting.saved ? (
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
