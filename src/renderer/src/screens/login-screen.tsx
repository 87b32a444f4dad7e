import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../components/field.js';
import { looksLikePairingCode } from '../lib/kiosk-pairing.js';
import { pairingPath, settingsPath } from '../lib/settings-places.js';
import { usePath } from '../router.js';
import { useSession } from '../stores/session-store.js';

/**
 * A browser on the LAN has no desktop bridge: the seller pastes a key (kept for this tab only).
 * At `/kiosk` it signs in a customer kiosk instead: a kiosk key, or a kiosk pairing code.
 */
export function LoginScreen() {
  const status = useSession((s) => s.status);
  const loginError = useSession((s) => s.loginError);
  const signIn = useSession((s) => s.signIn);
  const pairKiosk = useSession((s) => s.pairKiosk);
  const baseUrl = useSession((s) => s.baseUrl);
  const kiosk = usePath().startsWith('/kiosk');
  const [key, setKey] = useState('');
  const [name, setName] = useState('Kiosk');
  const pairing = kiosk && looksLikePairingCode(key);
  // A refused key takes the keyboard back to its field, which says why: Sign in is disabled while
  // the key is checked, and a press on it by keyboard left the focus on the page's body.
  const keyField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (loginError) keyField.current?.focus();
  }, [loginError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (pairing ? pairKiosk(key, name) : signIn(key, kiosk ? 'kiosk' : 'login'));
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="brand brand-large" aria-hidden="true">
          MARQUEE
        </div>
        <h1 id="login-title">{kiosk ? 'Kiosk sign-in' : 'Box office sign-in'}</h1>
        {kiosk ? (
          <p className="muted">
            Paste a <code>kiosk</code> API key, or the pairing code from {pairingPath('kiosk')}, for the venue
            server at {baseUrl}. It is kept in this tab only and forgotten when the tab closes.
          </p>
        ) : (
          <>
            <p className="muted">
              Paste an <code>admin</code> or <code>box_office</code> API key for the venue server at {baseUrl}
              . It is kept in this tab only and forgotten when the tab closes.
            </p>
            <p className="muted small">
              The first admin key is the one the venue server printed when it first started, also saved as{' '}
              <code>admin-key.txt</code> in its data folder.
            </p>
          </>
        )}
        <Field label={kiosk ? 'Kiosk key or pairing code' : 'API key'} error={loginError}>
          <input
            ref={keyField}
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            placeholder={kiosk ? 'sk_live_… or pair_…' : 'sk_live_…'}
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </Field>
        {pairing ? (
          <Field label={`Name of this kiosk (shown in ${settingsPath('apiKeys')})`}>
            <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </Field>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={status === 'checking'}>
          {status === 'checking' ? 'Checking…' : pairing ? 'Pair this kiosk' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
