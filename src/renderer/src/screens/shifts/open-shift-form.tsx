import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { drawerAmount } from '../../lib/blind-count.js';
import { amountExample, amountInputMode, amountReadBack, withReadBack } from '../../lib/money.js';
import { useShift } from '../../stores/shift-store.js';

/** Opening a shift: the float put in the drawer, typed as money in the till's currency. */
export function OpenShiftForm({ currency }: { currency: string }) {
  const open = useShift((s) => s.open);
  const [text, setText] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const read = drawerAmount(text, currency, 'the cash put in the drawer');
    if ('problem' in read) {
      setError({ fields: { opening_float_cents: read.problem }, form: null });
      return;
    }
    setBusy(true);
    try {
      await open(read.cents, currency);
      setError(null);
    } catch (err) {
      setError(splitError(err, ['opening_float_cents']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel inline-form" onSubmit={submit} noValidate aria-label="Open a shift">
      <Field
        label="Float in the drawer"
        error={error?.fields.opening_float_cents ?? error?.form}
        hint={withReadBack(
          amountReadBack(text, currency),
          'The cash the drawer starts with; the close counts against it',
        )}
      >
        <input
          inputMode={amountInputMode(currency)}
          value={text}
          placeholder={amountExample(currency)}
          autoFocus
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Opening…' : 'Open shift'}
      </button>
    </form>
  );
}
