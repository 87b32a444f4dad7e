import { useId } from 'react';
import { repeatedChoices, type RepeatedPick } from '../lib/zoned-time.js';

/**
 * Under a date-and-time input, when the time typed happens twice that night (the clocks go back):
 * which of the two moments is meant. Nothing otherwise. The input alone could only mean the first.
 */
export function RepeatedTimeChoice({
  value,
  zone,
  pick,
  onPick,
  disabled = false,
}: {
  value: string;
  zone: string;
  pick: RepeatedPick | undefined;
  onPick: (pick: RepeatedPick) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const choices = repeatedChoices(value, zone);
  if (!choices) return null;
  const time = value.trim().slice(11, 16);
  return (
    <fieldset className="choices span-2" disabled={disabled}>
      <legend>
        Which {time}? The clocks go back that night, so {time} happens twice.
      </legend>
      {choices.map((choice) => (
        <label key={choice.pick} className="choice">
          <input
            type="radio"
            name={name}
            checked={(pick ?? 'first') === choice.pick}
            onChange={() => onPick(choice.pick)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
