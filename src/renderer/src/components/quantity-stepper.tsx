import { cloneElement, type ReactElement } from 'react';
import { stepQuantity } from '../lib/quantity.js';

type Centre = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

interface QuantityStepperProps {
  quantity: number;
  max: number;
  onChange(quantity: number): void;
  /** The number between the buttons: the kiosk's big output, or the till's typed field. */
  children: Centre;
  /** Class prefix: `kiosk` gives the kiosk's thumb-sized buttons, `till` the box office's. */
  look: 'kiosk' | 'till';
  /** Names the group for screen readers; leave out where a field label already says "Quantity". */
  groupLabel?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * − number + : a quantity a finger can set, on a touch screen or with an on-screen keyboard that
 * sends no key events. Inside a `Field`, the field's id and error wiring pass on to the number.
 */
export function QuantityStepper({
  quantity,
  max,
  onChange,
  children,
  look,
  groupLabel,
  ...wiring
}: QuantityStepperProps) {
  return (
    <div className={`${look}-stepper`} role="group" aria-label={groupLabel}>
      <button
        type="button"
        className={`${look}-step`}
        aria-label="One fewer"
        disabled={quantity <= 1}
        onClick={() => onChange(stepQuantity(quantity, -1, max))}
      >
        −
      </button>
      {cloneElement(children, wiring)}
      <button
        type="button"
        className={`${look}-step`}
        aria-label="One more"
        disabled={quantity >= max}
        onClick={() => onChange(stepQuantity(quantity, 1, max))}
      >
        +
      </button>
    </div>
  );
}
