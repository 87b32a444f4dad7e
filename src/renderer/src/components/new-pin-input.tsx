interface NewPinInputProps {
  value: string;
  /** Digits only: anything else typed or pasted is dropped. */
  onChange: (digits: string) => void;
  autoFocus?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A PIN being set (a member's, the kiosk attendant's): 4–8 digits, hidden, a number pad on a touch
 * screen, and a password manager may offer to keep it. Inside a `Field`, its wiring passes on.
 */
export function NewPinInput({ value, onChange, autoFocus, ...wiring }: NewPinInputProps) {
  return (
    <input
      {...wiring}
      type="password"
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={8}
      value={value}
      autoFocus={autoFocus}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}
