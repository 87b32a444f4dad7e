import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EventView, TierView, Visibility } from '../../api/types.js';
import { Dialog } from '../../components/dialog.js';
import { RepeatedTimeChoice } from '../../components/repeated-time-choice.js';
import { Field } from '../../components/field.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import {
  parseTierForm,
  tierChanges,
  tierFormFields,
  tierParamAliases,
  tierToForm,
  tierWindowWarning,
  type TierForm,
} from '../../lib/tier-form.js';
import { useEvents } from '../../stores/events-store.js';
import { amountInputMode, amountReadBack } from '../../lib/money.js';

interface TierEditorProps {
  event: EventView;
  /** null: a new tier. */
  tier: TierView | null;
  onClose: () => void;
}

const visibilities: { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Public: on the event page' },
  { value: 'unlisted', label: 'Unlisted: direct link only' },
  { value: 'access_code', label: 'Access code: code needed at checkout' },
];

/**
 * Every tier field in one dialog. The browser only checks that numbers are numbers; every rule is
 * the server's, and its refusal lands on the field it names in `param`.
 */
export function TierEditor({ event, tier, onClose }: TierEditorProps) {
  const createTier = useEvents((s) => s.createTier);
  const updateTier = useEvents((s) => s.updateTier);
  const loadTiers = useEvents((s) => s.loadTiers);
  // The tier as sold now: the tills keep selling while this dialog is open (the page polls).
  const soldNow = useEvents(
    (s) => s.tiers[event.id]?.data?.find((t) => t.id === tier?.id)?.sold ?? tier?.sold ?? 0,
  );
  const [form, setForm] = useState<TierForm>(() => tierToForm(tier ?? undefined, event.timezone));
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Put the keyboard on the field the server complained about.
  useEffect(() => {
    if (error && Object.keys(error.fields).length > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [error]);

  const set = <K extends keyof TierForm>(field: K, value: TierForm[K]) =>
    setForm({ ...form, [field]: value });
  const err = (field: keyof TierForm) => error?.fields[field];
  const caution = tierWindowWarning(form, event);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseTierForm(form, event, soldNow);
    if (!parsed.body) {
      setError({ fields: parsed.errors as Record<string, string>, form: null });
      return;
    }
    setBusy(true);
    try {
      if (tier) {
        const patch = tierChanges(tier, parsed.body);
        if (Object.keys(patch).length > 0) await updateTier(tier, patch);
      } else {
        await createTier(event.id, parsed.body);
      }
      onClose();
    } catch (err) {
      setError(splitError(err, tierFormFields, tierParamAliases));
      setBusy(false);
      // A sale between the last poll and this save: the hint shows what is sold now.
      void loadTiers(event.id);
    }
  };

  return (
    <Dialog title={tier ? `Edit tier ${tier.name}` : 'New tier'} onClose={onClose} wide>
      <form ref={formRef} className="dialog-body form-grid" onSubmit={submit} noValidate aria-label="Tier">
        <Field label="Name" error={err('name')} className="span-2">
          <input autoFocus value={form.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field
          label={`Price (${event.currency.toUpperCase()})`}
          error={err('price')}
          hint={amountReadBack(form.price, event.currency) ?? '0 for free tickets'}
        >
          <input
            inputMode={amountInputMode(event.currency)}
            value={form.price}
            onChange={(e) => set('price', e.target.value)}
          />
        </Field>
        <Field
          label="Quantity"
          error={err('quantity')}
          hint={tier ? `${soldNow} sold so far` : 'Tickets offered'}
        >
          <input
            inputMode="numeric"
            value={form.quantity}
            onChange={(e) => set('quantity', e.target.value)}
          />
        </Field>
        <Field label="Visibility" error={err('visibility')}>
          <select value={form.visibility} onChange={(e) => set('visibility', e.target.value as Visibility)}>
            {visibilities.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Access code"
          error={err('access_code')}
          hint={
            form.visibility === 'access_code' ? 'Buyers type this at checkout' : 'Only for access-code tiers'
          }
        >
          <input
            value={form.visibility === 'access_code' ? form.access_code : ''}
            disabled={form.visibility !== 'access_code'}
            onChange={(e) => set('access_code', e.target.value)}
          />
        </Field>
        <Field
          label="Sale starts"
          error={err('sale_starts_at')}
          hint={`Empty: with the event. Venue time (${event.timezone}).`}
        >
          <input
            type="datetime-local"
            value={form.sale_starts_at}
            onChange={(e) => set('sale_starts_at', e.target.value)}
          />
        </Field>
        <RepeatedTimeChoice
          value={form.sale_starts_at}
          zone={event.timezone}
          pick={form.picks?.sale_starts_at}
          onPick={(pick) => set('picks', { ...form.picks, sale_starts_at: pick })}
        />
        <Field
          label="Sale ends"
          error={err('sale_ends_at')}
          hint={`Empty: never closes. Venue time (${event.timezone}).`}
        >
          <input
            type="datetime-local"
            value={form.sale_ends_at}
            onChange={(e) => set('sale_ends_at', e.target.value)}
          />
        </Field>
        <RepeatedTimeChoice
          value={form.sale_ends_at}
          zone={event.timezone}
          pick={form.picks?.sale_ends_at}
          onPick={(pick) => set('picks', { ...form.picks, sale_ends_at: pick })}
        />
        {caution ? (
          <p className="form-warning span-2" role="note" data-testid="tier-window-warning">
            {caution}
          </p>
        ) : null}
        <Field label="Max per order" error={err('max_per_order')} hint="1–100">
          <input
            inputMode="numeric"
            value={form.max_per_order}
            onChange={(e) => set('max_per_order', e.target.value)}
          />
        </Field>
        <div className="span-2">
          <label className="choice">
            <input
              type="checkbox"
              checked={form.paper_pass}
              aria-describedby="paper-pass-hint"
              onChange={(e) => set('paper_pass', e.target.checked)}
            />
            Printed tickets get in too
          </label>
          <p className="muted small" id="paper-pass-hint">
            {form.paper_pass
              ? 'Tickets carry a printed pass (on paper, in the PDF mail, on the kiosk receipt) that admits once, as well as the live code on the phone.'
              : 'Phone only: the door admits only the live code on the ticket holder’s phone and turns printed or photographed passes away. Tickets print the wallet link instead, for the guest to open on their phone.'}
          </p>
          {err('paper_pass') ? (
            <p className="form-error" role="alert">
              {err('paper_pass')}
            </p>
          ) : null}
        </div>
        {error?.form ? (
          <p className="form-error span-2" role="alert">
            {error.form}
          </p>
        ) : null}
        <div className="dialog-actions span-2">
          <button type="button" className="button" onClick={onClose}>
            Cancel <kbd>Esc</kbd>
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : tier ? 'Save tier' : 'Add tier'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
