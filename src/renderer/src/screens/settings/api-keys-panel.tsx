import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiKeyView, KeyScope } from '../../api/types.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Field } from '../../components/field.js';
import { InlineForm } from '../../components/inline-form.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { formatDateTime } from '../../lib/datetime.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { useSession } from '../../stores/session-store.js';
import { useSettings } from '../../stores/settings-store.js';

const scopeLabels: Record<KeyScope, string> = {
  box_office: 'box_office: a till (sell, orders)',
  scanner: 'scanner: a door device',
  kiosk: 'kiosk: a customer self-service screen (card sales only)',
  admin: 'admin: everything',
};

export function ApiKeysPanel() {
  const keys = useSettings((s) => s.keys);
  const loadKeys = useSettings((s) => s.loadKeys);
  const createKey = useSettings((s) => s.createKey);
  const createdKey = useSettings((s) => s.createdKey);
  const dismissSecret = useSettings((s) => s.dismissSecret);
  const ownKey = useSession((s) => s.apiKey);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<KeyScope>('box_office');
  const [error, setError] = useState<SplitError | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const secretPanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loadKeys();
  }, [loadKeys]);

  // The secret shown once takes the keyboard, so a screen reader reads that it is there to copy.
  const shownSecret = createdKey?.secret;
  useEffect(() => {
    if (shownSecret) secretPanel.current?.focus();
  }, [shownSecret]);

  // Its panel goes away with "I have saved it": the keyboard goes back to Create key.
  const dismiss = () => {
    panel.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    dismissSecret();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await createKey(name.trim(), scope);
      setName('');
      setError(null);
      setCopied(false);
    } catch (err) {
      setError(splitError(err, ['name', 'scope']));
    }
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section ref={panel} className="panel span-2" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <InlineForm submitLabel="Create key" onSubmit={submit} error={error?.form} refusal={error}>
        <Field label="Name" error={error?.fields.name}>
          <input value={name} placeholder="Till 2" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Scope" error={error?.fields.scope}>
          <ChoiceSelect value={scope} labels={scopeLabels} onChange={setScope} />
        </Field>
      </InlineForm>
      {createdKey ? (
        <div
          ref={secretPanel}
          className="secret-once"
          role="region"
          aria-labelledby="new-key-title"
          tabIndex={-1}
        >
          <p>
            <strong id="new-key-title">Secret of “{createdKey.name}”</strong> — shown this once; only its hash
            is kept.
          </p>
          <code className="secret" data-testid="new-secret">
            {createdKey.secret}
          </code>
          <div className="row-actions">
            <button
              type="button"
              className="button button-small"
              onClick={() => void copy(createdKey.secret)}
            >
              {copied ? 'Copied' : 'Copy'}
              <span className="visually-hidden"> secret of “{createdKey.name}”</span>
            </button>
            <button type="button" className="button button-small" onClick={dismiss}>
              I have saved it
            </button>
            <span className="visually-hidden" role="status">
              {copied ? 'Secret copied.' : ''}
            </span>
          </div>
        </div>
      ) : null}

      {keys.state === 'loading' && !keys.data ? <Loading what="keys" /> : null}
      {keys.state === 'error' ? <ErrorNote message={keys.error} onRetry={() => void loadKeys()} /> : null}
      {keys.data && keys.data.length === 0 ? <Empty>No keys.</Empty> : null}
      {keys.data && keys.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Scope</th>
                <th>Key</th>
                <th>Created</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => {
                const isOwn = ownKey?.endsWith(key.last4) ?? false;
                return (
                  <tr key={key.id} className={key.revoked_at ? 'row-dim' : undefined}>
                    <td>{key.name}</td>
                    <td>{key.scope}</td>
                    <td>
                      <code>…{key.last4}</code>
                    </td>
                    <td className="small">{formatDateTime(key.created_at)}</td>
                    <td className="small">
                      {key.revoked_at ? `Revoked ${formatDateTime(key.revoked_at)}` : 'Active'}
                    </td>
                    <td>
                      <div className="row-actions">
                        {key.revoked_at ? null : (
                          <button
                            type="button"
                            className="button button-small button-danger"
                            onClick={() => setRevoking(key)}
                          >
                            Revoke…<span className="visually-hidden"> {key.name}</span>
                          </button>
                        )}
                        {isOwn && !key.revoked_at ? <span className="muted small">in use here</span> : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </section>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const revokeKey = useSettings((s) => s.revokeKey);
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      confirmLabel="Revoke key"
      cancelLabel="Keep"
      danger
      onConfirm={() => revokeKey(apiKey.id)}
      onClose={onClose}
    >
      <p>
        Anything using the key ending <code>{apiKey.last4}</code> stops working at once. If this till signed
        in with it, it will be signed out.
      </p>
    </ConfirmDialog>
  );
}
