import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import type { StaffRole, StaffView } from '../../api/types.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Dialog } from '../../components/dialog.js';
import { Field } from '../../components/field.js';
import { FormActions } from '../../components/form-actions.js';
import { NewPinInput } from '../../components/new-pin-input.js';
import { ApiRequestError } from '../../api/api-error.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useStaffAdmin } from '../../stores/staff-admin-store.js';

/** One member: change the role in place, reset the PIN, deactivate (or reactivate). */
export function StaffRow({ member }: { member: StaffView }) {
  const update = useStaffAdmin((s) => s.update);
  const lastManager = useStaffAdmin((s) => isLastActiveManager(member, s.members.data ?? []));
  const [dialog, setDialog] = useState<'pin' | 'deactivate' | null>(null);
  // A role the last manager is being lowered to, waiting for the manager to confirm it.
  const [lowerTo, setLowerTo] = useState<StaffRole | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = async (patch: { role?: StaffRole; active?: boolean }) => {
    try {
      await update(member.id, patch);
      setError(null);
    } catch (err) {
      // Someone active has their old PIN now: reactivating takes a new one (the dialog says why).
      if (patch.active && err instanceof ApiRequestError && err.code === 'pin_in_use') {
        setError(null);
        setDialog('pin');
        return;
      }
      const split = splitError(err, ['role', 'active']);
      setError(split.fields.role ?? split.fields.active ?? split.form);
    }
  };

  return (
    <tr data-staff={member.name} className={member.active ? undefined : 'row-dim'}>
      <td>{member.name}</td>
      <td>
        <select
          aria-label={`Role of ${member.name}`}
          value={member.role}
          disabled={!member.active}
          onChange={(e) => {
            const role = e.target.value as StaffRole;
            // Lowering the last manager is allowed, as deactivating them is, but asked first.
            if (lastManager && role !== 'manager') setLowerTo(role);
            else void change({ role });
          }}
        >
          <option value="manager">manager</option>
          <option value="seller">seller</option>
          <option value="door">door</option>
        </select>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </td>
      <td className="small">{member.active ? 'Active' : 'Deactivated'}</td>
      <td>
        <div className="row-actions">
          {member.active ? (
            <>
              <button type="button" className="button button-small" onClick={() => setDialog('pin')}>
                Reset PIN…<span className="visually-hidden"> of {member.name}</span>
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => setDialog('deactivate')}
              >
                Deactivate…<span className="visually-hidden"> {member.name}</span>
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-small"
              onClick={() => void change({ active: true })}
            >
              Reactivate<span className="visually-hidden"> {member.name}</span>
            </button>
          )}
        </div>
      </td>
      {/* A dialog is not table content: it lives at the end of the page. */}
      {dialog === 'pin'
        ? createPortal(<ResetPinDialog member={member} onClose={() => setDialog(null)} />, document.body)
        : null}
      {dialog === 'deactivate'
        ? createPortal(<DeactivateDialog member={member} onClose={() => setDialog(null)} />, document.body)
        : null}
      {lowerTo
        ? createPortal(
            <ConfirmDialog
              title={`Make ${member.name} a ${lowerTo}?`}
              confirmLabel={`Make ${lowerTo}`}
              cancelLabel="Keep as manager"
              danger
              onConfirm={() => update(member.id, { role: lowerTo })}
              onClose={() => setLowerTo(null)}
            >
              <LastManagerNote name={member.name} />
              <p>You can make them a manager again later.</p>
            </ConfirmDialog>,
            document.body,
          )
        : null}
    </tr>
  );
}

function ResetPinDialog({ member, onClose }: { member: StaffView; onClose: () => void }) {
  const update = useStaffAdmin((s) => s.update);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // A deactivated member gets a new PIN as they come back (their old one is someone's now).
      await update(member.id, member.active ? { pin } : { pin, active: true });
      onClose();
    } catch (err) {
      setError(splitError(err, ['pin']));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={member.active ? `New PIN for ${member.name}` : `Reactivate ${member.name} with a new PIN`}
      onClose={onClose}
    >
      <form className="dialog-body" onSubmit={submit} noValidate>
        {member.active ? null : (
          <p>
            Another active member has {member.name}’s old PIN now. Each person signs in with their own, so
            give {member.name} a new one.
          </p>
        )}
        <Field
          label="New PIN"
          error={error?.fields.pin}
          hint={
            member.active
              ? `4–8 digits; the old PIN stops working at once, and ${member.name} is signed out of every till`
              : '4–8 digits'
          }
        >
          <NewPinInput value={pin} onChange={setPin} autoFocus />
        </Field>
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={member.active ? 'Set PIN' : 'Reactivate'}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}

function DeactivateDialog({ member, onClose }: { member: StaffView; onClose: () => void }) {
  const deactivate = useStaffAdmin((s) => s.deactivate);
  const lastManager = useStaffAdmin((s) => isLastActiveManager(member, s.members.data ?? []));
  return (
    <ConfirmDialog
      title={`Deactivate ${member.name}?`}
      confirmLabel="Deactivate"
      cancelLabel="Keep"
      danger
      onConfirm={() => deactivate(member.id)}
      onClose={onClose}
    >
      <p>
        {member.name} can no longer sign in, and is signed out of every till now. Their sales, shifts and
        audit entries keep their name; you can reactivate them later.
      </p>
      {lastManager ? <LastManagerNote name={member.name} /> : null}
    </ConfirmDialog>
  );
}

/** What losing the last manager means at the tills, for the Deactivate and role-change dialogs. */
function LastManagerNote({ name }: { name: string }) {
  return (
    <p role="note">
      {name} is the last active manager: until you make someone else a manager, no till can refund, void or
      record payouts. This desk’s admin key still can, with nobody signed in.
    </p>
  );
}

/** Whether deactivating `member` leaves other staff signed in at tills with no manager among them. */
function isLastActiveManager(member: StaffView, members: readonly StaffView[]): boolean {
  if (member.role !== 'manager') return false;
  const others = members.filter((m) => m.active && m.id !== member.id);
  return others.length > 0 && !others.some((m) => m.role === 'manager');
}
