import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { EventView, TierView } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { QuantityStepper } from '../../components/quantity-stepper.js';
import { ShiftLeftOpen } from '../../components/shift-left-open.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import {
  amountInputMode,
  amountReadBack,
  formatMoney,
  minorToInput,
  parseMoney,
  quickTenders,
  withReadBack,
} from '../../lib/money.js';
import {
  checkCart,
  paymentFormError,
  tillPayments,
  tooManyWords,
  type HeldLine,
  type TillPayment,
} from '../../lib/sale.js';
import { cashOutsideShift, noShiftCashWords } from '../../lib/shift-words.js';
import { Link } from '../../router.js';
import { useSale } from '../../stores/sale-store.js';
import { useShift } from '../../stores/shift-store.js';
import { useStaff } from '../../stores/staff-store.js';
import { BuyerInput } from './buyer-input.js';
import { SaleLines } from './sale-lines.js';

const paymentLabels: Record<TillPayment, string> = { cash: 'Cash', card: 'Card', comp: 'Comp (free)' };

interface SalePanelProps {
  event: EventView;
  tier: TierView;
  maxQuantity: number;
  /** Tiers already in this order, before the one on screen. */
  held: HeldLine[];
}

/** Quantity, then payment: the right-hand side of the till, driven entirely from the keyboard. */
export function SalePanel({ event, tier, maxQuantity, held }: SalePanelProps) {
  const sale = useSale();
  const signedIn = useStaff((s) => s.session !== null);
  const noShift = useShift((s) => cashOutsideShift(signedIn, s.current));
  const quantityRef = useRef<HTMLInputElement>(null);
  const paymentRef = useRef<HTMLInputElement>(null);
  // Complete sale refused for a missing buyer or guest: the keyboard goes to the first field to fill.
  const panelRef = useFocusFirstInvalid<HTMLElement>(sale.error);
  const check = checkCart(tier, sale, maxQuantity, held);
  const currency = tier.currency;
  const confirmQuantity = () => sale.confirmQuantity(maxQuantity, tooManyWords(tier, maxQuantity));

  useEffect(() => {
    if (sale.stage === 'quantity') {
      quantityRef.current?.focus();
      quantityRef.current?.select();
    }
    if (sale.stage === 'payment') paymentRef.current?.focus();
  }, [sale.stage, tier.id]);

  const onQuantityKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      confirmQuantity();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (sale.quantityText === '') sale.back();
      else sale.quantityKey('Escape', maxQuantity);
    } else if (/^[0-9]$/.test(e.key) || e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      const input = e.currentTarget;
      // Typing over a selected number replaces it, as in any field.
      const replacing =
        input.selectionStart === 0 && input.selectionEnd === input.value.length && /^[0-9]$/.test(e.key);
      if (replacing) sale.quantityKey('Escape', maxQuantity);
      sale.quantityKey(e.key, maxQuantity);
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      sale.stepQuantity(e.key === 'ArrowUp' ? 1 : -1, maxQuantity);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void sale.submit(event, tier, maxQuantity);
  };

  const fieldError = (name: string) => sale.error?.fields[name] ?? null;
  /** Enter on a payment choice moves on to what that payment needs next. */
  const onPaymentKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === '+') {
      e.preventDefault();
      sale.addTier();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const next = document.querySelector<HTMLElement>('[data-after-payment]');
      next?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      sale.back();
    }
  };
  /** The cash field: Esc goes back, + adds another tier (no amount has a plus in it). */
  const onTenderedKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      sale.back();
    } else if (e.key === '+') {
      e.preventDefault();
      sale.addTier();
    }
  };

  return (
    <section className="sale-panel" aria-label="Sale" ref={panelRef}>
      <header className="sale-head">
        <div>
          <div className="sale-tier">{tier.name}</div>
          <div className="muted">
            {formatMoney(tier.price_cents, currency)} each · up to {maxQuantity}
          </div>
        </div>
        <button type="button" className="button button-ghost" onClick={() => sale.back()}>
          Back <kbd>Esc</kbd>
        </button>
      </header>

      <Field
        label="Quantity"
        error={sale.quantityNote ?? fieldError('quantity')}
        hint={
          sale.stage === 'quantity' ? 'Type digits or tap − / +, Enter to continue, ↑/↓ to step' : undefined
        }
      >
        <QuantityStepper
          look="till"
          quantity={sale.quantity}
          max={maxQuantity}
          onChange={(next) => {
            // A tap during payment changes the cart, so the payment step starts again after it.
            if (sale.stage === 'payment') sale.back();
            sale.stepQuantity(next - sale.quantity, maxQuantity);
          }}
        >
          <input
            ref={quantityRef}
            className="quantity-input"
            inputMode="numeric"
            autoComplete="off"
            value={sale.quantityText}
            readOnly={sale.stage !== 'quantity'}
            onFocus={() => {
              if (sale.stage === 'payment') sale.back();
            }}
            // Physical keys are handled (and their default prevented) in onKeyDown; what still
            // changes the text comes from an on-screen keyboard or a paste.
            onChange={(e) => sale.typeQuantity(e.target.value, maxQuantity)}
            onKeyDown={onQuantityKey}
          />
        </QuantityStepper>
      </Field>

      {sale.stage === 'quantity' ? (
        <button type="button" className="button button-primary button-block" onClick={confirmQuantity}>
          Continue to payment <kbd>Enter</kbd>
        </button>
      ) : (
        <form className="payment" onSubmit={submit} noValidate>
          <SaleLines
            lines={[...held, { tier, quantity: sale.quantity }]}
            free={sale.payment === 'comp'}
            currency={currency}
          />
          <div className="total-line">
            <button type="button" className="button button-small" onClick={() => sale.addTier()}>
              Add another tier <kbd>+</kbd>
            </button>
            <span>
              {/* Seen beside the sale's lines; said, so the figure is not a bare amount. */}
              <span className="visually-hidden">Total </span>
              <strong data-testid="sale-total">{formatMoney(check.total, currency)}</strong>
            </span>
          </div>

          <fieldset className="payment-methods">
            <legend>Payment</legend>
            {tillPayments.map((method, i) => (
              <label key={method} className={`choice${sale.payment === method ? ' choice-on' : ''}`}>
                <input
                  ref={i === 0 ? paymentRef : undefined}
                  type="radio"
                  name="payment"
                  value={method}
                  checked={sale.payment === method}
                  onChange={() => sale.setPayment(method)}
                  onKeyDown={onPaymentKey}
                />
                {paymentLabels[method]}
              </label>
            ))}
          </fieldset>

          {sale.payment === 'cash' && check.total > 0 ? (
            <>
              {noShift ? (
                <p className="form-warning" role="note" data-testid="no-shift-cash">
                  {noShiftCashWords} <Link to="/shift">Shift</Link>
                </p>
              ) : (
                <ShiftLeftOpen linkToShift />
              )}
              <Field
                label="Cash tendered"
                error={fieldError('tendered')}
                hint={withReadBack(amountReadBack(sale.tenderedText, currency), 'Enter to complete the sale')}
              >
                <input
                  data-after-payment
                  inputMode={amountInputMode(currency)}
                  autoComplete="off"
                  placeholder={minorToInput(check.total, currency)}
                  value={sale.tenderedText}
                  onChange={(e) => sale.setTendered(e.target.value)}
                  onKeyDown={onTenderedKey}
                />
              </Field>
              <div className="quick-tenders" role="group" aria-label="Quick amounts">
                {quickTenders(check.total, currency).map((amount) => (
                  <button
                    key={amount}
                    type="button"
                    className="button button-small"
                    onClick={() => sale.setTendered(minorToInput(amount, currency))}
                  >
                    {formatMoney(amount, currency)}
                  </button>
                ))}
              </div>
              <div className={`change-due${check.short > 0 ? ' change-short' : ''}`} aria-live="polite">
                <span>{check.short > 0 ? 'Short' : 'Change due'}</span>
                <strong data-testid="change-due">
                  {parseMoney(sale.tenderedText, currency) === null
                    ? '—'
                    : formatMoney(check.short > 0 ? check.short : check.change, currency)}
                </strong>
              </div>
            </>
          ) : null}

          {sale.payment === 'cash' ? null : (
            <div className="buyer">
              {/* Both name someone: a comp its guest, a card sale its buyer. */}
              <BuyerInput
                label={sale.payment === 'comp' ? 'Guest name' : 'Buyer name'}
                field="buyerName"
                afterPayment
              />
              {sale.payment === 'comp' ? (
                <BuyerInput
                  label="Why free"
                  field="compReason"
                  hint="Kept on the order: guest list, press, a make-good…"
                  maxLength={200}
                />
              ) : (
                <BuyerInput
                  label="Buyer email"
                  field="buyerEmail"
                  type="email"
                  hint="Card sales need a name and email"
                />
              )}
            </div>
          )}

          {sale.payment === 'card' ? null : (
            <div className="buyer">
              <BuyerInput
                label="Email the tickets to (optional)"
                field="buyerEmail"
                type="email"
                hint="Walk-in sale: no name needed. With an address, the tickets are emailed after the sale."
              />
            </div>
          )}

          {sale.payment === 'card' ? (
            <p className="muted small" data-testid="card-note">
              Take the card on the terminal first and complete the sale once it is approved: a card declined
              or walked away from after that needs a manager&apos;s refund.
            </p>
          ) : null}
          {/* The sale's own warning travels with the button it is about (styles.css .complete-sale). */}
          <div className="complete-sale">
            {paymentFormError(sale.error) ? (
              <p className="form-error" role="alert">
                {paymentFormError(sale.error)}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button-primary button-block button-large"
              disabled={sale.submitting}
              {...(sale.payment !== 'comp' && check.total === 0 ? { 'data-after-payment': true } : {})}
            >
              {sale.submitting ? 'Selling…' : `Complete sale · ${formatMoney(check.total, currency)}`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
