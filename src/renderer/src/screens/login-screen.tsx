import { useState, type FormEvent } from 'react';
import { Field } from '../components/field.js';
import { useSession } from '../stores/session-store.js';

/** A browser on the LAN has no desktop bridge: the seller pastes a key (kept for this tab only). */
export function LoginScreen() {
  const status = useSession((s) => s.status);
  const loginError = useSession((s) => s.loginError);
  const signIn = useSession((s) => s.signIn);
  const baseUrl = useSession((s) => s.baseUrl);
  const [key, setKey] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn(key, 'login');
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="brand brand-large" aria-hidden="true">
          MARQUEE
        </div>
        <h1 id="login-title">Box office sign-in</h1>
        <p className="muted">
          Paste an <code>admin</code> or <code>box_office</code> API key for the venue server at {baseUrl}. It
          is kept in this tab only and forgotten when the tab closes.
        </p>
        <Field label="API key" error={loginError}>
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            placeholder="sk_live_…"
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </Field>
        <button type="submit" className="button button-primary button-block" disabled={status === 'checking'}>
          {status === 'checking' ? 'Checking key…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
