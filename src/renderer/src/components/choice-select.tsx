interface ChoiceSelectProps<T extends string> {
  value: T;
  /** Each choice's words, in the order they are offered. */
  labels: Record<T, string>;
  onChange: (value: T) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A select over a fixed set of values (a role, a scope), each shown in words. Inside a `Field`,
 * the field's id and error wiring pass on to the select.
 */
export function ChoiceSelect<T extends string>({ value, labels, onChange, ...wiring }: ChoiceSelectProps<T>) {
  return (
    <select {...wiring} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {(Object.entries(labels) as [T, string][]).map(([choice, label]) => (
        <option key={choice} value={choice}>
          {label}
        </option>
      ))}
    </select>
  );
}
