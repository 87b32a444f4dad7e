import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '../../components/field.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { recount, startCount, submitCount, typeCount, type CloseStep } from '../../lib/blind-count.js';
import { splitError } from '../../lib/field-errors.js';
import { amountExample, amountInputMode, formatMoney } from '../../lib/money.js';
import { useShift, type ClosedShift } from '../../stores/shift-store.js';

interface Props {
  currency: string;
  onCancel: () => void;
  /** `countedCents`: what was typed here, which another screen's earlier close may have overtaken. */
  onClosed: (closed: ClosedShift, countedCents: number) => void;
}

/**
 * The blind count: count the drawer, type it, confirm it, and only the Z report the server
 * answers to the close shows the expected cash. Nothing here knows the expected figure.
 */
export function CloseShiftForm({ currency, onCancel, onClosed }: Props) {
  const close = useShift((s) => s.close);
  const [step, setStep] = useState<CloseStep>(startCount);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const next = (e: FormEvent) => {
    e.preventDefault();
    setStep(submitCount(step, currency));
  };

  const confirm = async (countedCents: number) => {
    setBusy(true);
    try {
      const closed = await close(countedCents);
      setStep({ step: 'closed' });
      onClosed(closed, countedCents);
    } catch (err) {
      const split = splitError(err, ['counted_cash_cents']);
      setError(split.fields.counted_cash_cents ?? split.form);
      setBusy(false);
    }
  };

  if (step.step === 'confirm') {
    return (
      <ConfirmClose
        onKeyDown={(e) => {
          // Esc goes back a step, as everywhere in the till: here, to counting again.
          if (e.key !== 'Escape' || busy) return;
          e.preventDefault();
          setStep(recount(step));
        }}
      >
        <p>
          You counted <strong data-testid="counted">{formatMoney(step.countedCents, currency)}</strong> in the
          drawer. Closing the shift ends it on this till; the Z report then shows what was expected.
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setStep(recount(step))}>
            Count again
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void confirm(step.countedCents)}
          >
            {busy ? 'Closing…' : 'Close shift'}
          </button>
        </div>
      </ConfirmClose>
    );
  }
  if (step.step !== 'count') return null;
  return (
    <form
      className="panel inline-form"
      onSubmit={next}
      noValidate
      aria-label="Count the drawer"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onCancel();
      }}
    >
      <Field
        label="Cash counted in the drawer"
        error={step.error}
        hint="Count everything in the drawer, float included; the expected amount shows after."
      >
        <input
          inputMode={amountInputMode(currency)}
          value={step.text}
          placeholder={amountExample(currency)}
          autoFocus
          onChange={(e) => setStep(typeCount(e.target.value))}
        />
      </Field>
      <button type="submit" className="button button-primary">
        Next
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/**
 * The confirm step takes the keyboard when it appears: the count field that had it is gone, and
 * a screen reader then reads what was counted before the two buttons.
 */
function ConfirmClose({
  children,
  onKeyDown,
}: {
  children: ReactNode;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  const ref = useFocusIfLost<HTMLElement>();
  return (
    <section className="panel" aria-label="Close the shift" tabIndex={-1} ref={ref} onKeyDown={onKeyDown}>
      {children}
    </section>
  );
}
