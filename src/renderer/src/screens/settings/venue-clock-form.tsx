import { useMemo, useState, type FormEvent } from 'react';
import { timeZoneLabel } from '../../../../shared/attendee-time.js';
import type { SettingsView } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { useSettingSave } from '../../hooks/use-setting-save.js';
import { knownTimeZones, sameTimeZone, tillTimeZone, zoneShortName } from '../../lib/zoned-time.js';
import { useSettings } from '../../stores/settings-store.js';

/**
 * The venue's clock, chosen from the zones this browser knows. It is a venue decision, not the
 * server machine's: a laptop left on UTC, or a touring show streamed from another city, must not
 * move the day a night's takings are counted on.
 */
export function VenueClockForm({ settings }: { settings: SettingsView }) {
  const saveVenueTimeZone = useSettings((s) => s.saveVenueTimeZone);
  const [formRef, setting] = useSettingSave('venue_timezone', saveVenueTimeZone);
  const value = setting.draft ?? settings.venue_timezone;
  // The list is long (≈420 zones); the saved zone is first even if this browser does not list it.
  const zones = useMemo(() => knownTimeZones(settings.venue_timezone), [settings.venue_timezone]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await setting.submit(value);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="inline-form" aria-label="Venue clock">
      <Field
        label="Venue time zone"
        error={setting.error}
        hint="New events start in it; takings, payouts and shift reports count days and months on it. Each event keeps its own zone for its tickets and CSV rows."
      >
        <select value={value} onChange={(e) => setting.edit(e.target.value)}>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      {/* Named apart from the venue name's Save beside it: one panel, two answers. */}
      <button type="submit" className="button button-primary">
        Save time zone
      </button>
      {setting.saved ? (
        <span className="muted" role="status">
          Saved: the venue runs on {timeZoneLabel(settings.venue_timezone)}.
        </span>
      ) : null}
    </form>
  );
}

/**
 * Which clock the server's computer is on, said so a manager setting up a laptop sees when it is
 * not the venue's, and whether this till's differs too.
 */
export function ServerTimeZone({ zone, venueZone }: { zone: string; venueZone: string }) {
  const till = tillTimeZone();
  // Which short name (summer or winter) is read once, when the panel opens.
  const [now] = useState(() => Date.now());
  return (
    <p className="muted" data-testid="server-timezone">
      Time zone of the venue&apos;s server: <strong>{zone}</strong> ({zoneShortName(zone, now)}).
      {sameTimeZone(zone, venueZone)
        ? ' It is the venue’s clock.'
        : ` The venue runs on its own clock above (${venueZone}), whatever the server's computer is set to.`}
      {sameTimeZone(venueZone, till)
        ? null
        : ` This till runs on ${till} (${zoneShortName(till, now)}); event times are shown on the event's own clock.`}
    </p>
  );
}
