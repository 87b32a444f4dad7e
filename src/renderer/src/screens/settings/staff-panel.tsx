import { useEffect, useState, type FormEvent } from 'react';
import type { StaffRole, StaffView } from '../../api/types.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { Field } from '../../components/field.js';
import { InlineForm } from '../../components/inline-form.js';
import { NewPinInput } from '../../components/new-pin-input.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useStaffAdmin } from '../../stores/staff-admin-store.js';
import { IdleTimeForm } from './idle-time-form.js';
import { StaffRow } from './staff-row.js';

export const roleLabels: Record<StaffRole, string> = {
  manager: 'Manager: everything, refunds and voids too',
  seller: 'Seller: sells, opens and closes shifts',
  door: 'Door: checks guests in',
};
const fields = ['name', 'role', 'pin'];

/**
 * Staff who sign in at a till with a PIN. Once one exists, box-office tills ask for a PIN before
 * any change; a till with no staff works as before.
 */
export function StaffPanel() {
  const members = useStaffAdmin((s) => s.members);
  const load = useStaffAdmin((s) => s.load);
  const create = useStaffAdmin((s) => s.create);
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('seller');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const member = await create({ name: name.trim(), role, pin });
      setName('');
      setPin('');
      setError(null);
      setAdded(`${member.name} can now sign in at a till with their PIN.`);
    } catch (err) {
      setError(splitError(err, fields));
      setAdded(null);
    }
  };

  return (
    <section className="panel span-2" aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      <p className="muted small">
        Each person signs in at a till with their own PIN (4–8 digits); the audit trail and the shift reports
        name them. Only managers can refund, void and record payouts.
      </p>
      <InlineForm
        label="Add staff"
        submitLabel="Add staff"
        onSubmit={submit}
        error={error?.form}
        refusal={error}
      >
        <Field label="Name" error={error?.fields.name}>
          <input
            value={name}
            placeholder="Anna"
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Role" error={error?.fields.role}>
          <ChoiceSelect value={role} labels={roleLabels} onChange={setRole} />
        </Field>
        <Field label="PIN" error={error?.fields.pin}>
          <NewPinInput value={pin} onChange={setPin} />
        </Field>
      </InlineForm>
      {added ? (
        <p className="muted" role="status">
          {added}
        </p>
      ) : null}

      {members.state === 'loading' && !members.data ? <Loading what="staff" /> : null}
      {members.state === 'error' ? <ErrorNote message={members.error} onRetry={() => void load()} /> : null}
      {members.data?.length === 0 ? <Empty>No staff yet: tills work without a PIN.</Empty> : null}
      {members.data && members.data.length > 0 ? <StaffTable members={members.data} /> : null}
      <IdleTimeForm />
    </section>
  );
}

function StaffTable({ members }: { members: readonly StaffView[] }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Staff members">
        <thead>
          <tr>
            <th>Name</th>
            <th>Role</th>
            <th>Status</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <StaffRow key={member.id} member={member} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
