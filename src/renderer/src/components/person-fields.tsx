import type { SplitError } from '../lib/field-errors.js';
import { Field } from './field.js';

/** The form fields PersonFields shows, for splitError to put the server's refusals on. */
export const personFields = ['name', 'email'] as const;

interface Props {
  name: string;
  email: string;
  onName: (value: string) => void;
  onEmail: (value: string) => void;
  error: SplitError | null;
}

/** A person's name and email, as the holder and buyer dialogs correct them; the name is focused. */
export function PersonFields({ name, email, onName, onEmail, error }: Props) {
  return (
    <>
      <Field label="Name" error={error?.fields.name}>
        <input autoFocus maxLength={200} value={name} onChange={(e) => onName(e.target.value)} />
      </Field>
      <Field label="Email" error={error?.fields.email}>
        <input type="email" value={email} onChange={(e) => onEmail(e.target.value)} />
      </Field>
    </>
  );
}
