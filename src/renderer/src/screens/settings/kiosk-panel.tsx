import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { NewPinInput } from '../../components/new-pin-input.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useSettings } from '../../stores/settings-store.js';

/**
 * The attendant PIN: what a staff member types on a kiosk to approve a card payment taken on the
 * reader. Kept hashed by the server, which checks it; never shown again once saved.
 */
export function KioskPanel() {
  const settings = useSettings((s) => s.settings);
  const saveAttendantPin = useSettings((s) => s.saveAttendantPin);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  // A refused value takes the keyboard back, its message read with it.
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const isSet = settings.data?.kiosk_attendant_pin_set ?? false;

  const save = async (value: string | null) => {
    try {
      await saveAttendantPin(value);
      setError(null);
      setPin('');
      setSaved(value === null ? 'PIN removed: kiosks cannot take card payments.' : 'PIN saved.');
    } catch (err) {
      setError(splitError(err, ['kiosk_attendant_pin']));
      setSaved(null);
    }
  };
  // Said, not a disabled button: Enter on a short PIN did nothing, and a saved PIN (field emptied)
  // disabled the button under the keyboard.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pin.length < 4) {
      setError({ fields: { kiosk_attendant_pin: 'Give a PIN of 4 to 8 digits.' }, form: null });
      setSaved(null);
      return;
    }
    void save(pin);
  };

  return (
    <section className="panel" aria-labelledby="kiosk-panel-title">
      <h2 id="kiosk-panel-title">Kiosks</h2>
      <p className="muted small">
        A kiosk takes a card payment only after an attendant approves it with this PIN (4–8 digits).{' '}
        {isSet ? 'A PIN is set.' : 'No PIN is set yet, so kiosks cannot take card payments.'}
      </p>
      <form ref={formRef} onSubmit={submit} noValidate className="inline-form">
        <Field label="Attendant PIN" error={error?.fields.kiosk_attendant_pin ?? error?.form}>
          <NewPinInput
            value={pin}
            onChange={(digits) => {
              setPin(digits);
              setSaved(null);
            }}
          />
        </Field>
        <button type="submit" className="button button-primary">
          {isSet ? 'Change PIN' : 'Set PIN'}
        </button>
        {isSet ? (
          <button type="button" className="button" onClick={() => setConfirmRemove(true)}>
            Remove PIN…
          </button>
        ) : null}
        {/* Always there, so a screen reader already watches it when the outcome is written in. */}
        <span className="muted" role="status">
          {saved}
        </span>
      </form>
      {confirmRemove ? (
        // Every kiosk stops taking card payments at once, as the other stopping actions here ask first.
        <ConfirmDialog
          title="Remove the attendant PIN?"
          confirmLabel="Remove PIN"
          cancelLabel="Keep PIN"
          danger
          onConfirm={() => save(null)}
          onClose={() => setConfirmRemove(false)}
        >
          <p>Every kiosk stops taking card payments at once, until a new PIN is set.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
