import type { KeyboardEvent } from 'react';
import { Field } from '../../components/field.js';
import { useSale } from '../../stores/sale-store.js';

type BuyerField = 'buyerName' | 'buyerEmail' | 'compReason';

/** Where the server's checkout puts its message for each field (lib/sale.ts sends them so). */
const errorKeys: Record<BuyerField, string> = {
  buyerName: 'buyer.name',
  buyerEmail: 'buyer.email',
  compReason: 'comp_reason',
};

interface BuyerInputProps {
  /** The words differ by payment: a comp's "Guest name" is a card sale's "Buyer name". */
  label: string;
  field: BuyerField;
  hint?: string;
  type?: 'email';
  maxLength?: number;
  /** The field Enter on a payment choice moves to (sale-panel.tsx onPaymentKey). */
  afterPayment?: boolean;
}

/** One of the sale's buyer fields, kept in the sale store; Esc goes back a step like everywhere in the till. */
export function BuyerInput({ label, field, hint, type, maxLength, afterPayment = false }: BuyerInputProps) {
  const value = useSale((s) => s[field]);
  const error = useSale((s) => s.error?.fields[errorKeys[field]] ?? null);
  const setBuyer = useSale((s) => s.setBuyer);
  const back = useSale((s) => s.back);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      back();
    }
  };
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      <input
        data-after-payment={afterPayment ? true : undefined}
        type={type}
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        onChange={(e) => setBuyer(field, e.target.value)}
        onKeyDown={onKeyDown}
      />
    </Field>
  );
}
