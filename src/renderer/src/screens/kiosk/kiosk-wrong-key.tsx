import { Link } from '../../router.js';
import { useSession } from '../../stores/session-store.js';

/**
 * `/kiosk` reached with a staff key (admin or box office): the kiosk faces customers, so it runs
 * only with a `kiosk` key, which can sell by card and read its own orders and nothing else.
 */
export function KioskNeedsKioskKey() {
  const source = useSession((s) => s.source);
  const signOut = useSession((s) => s.signOut);
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="kiosk-key-title">
        <h1 id="kiosk-key-title">The kiosk needs a kiosk key</h1>
        <p className="muted">
          Customers use this screen, so it never runs with a staff key. Sign it in with a <code>kiosk</code>{' '}
          key (Settings → API keys), or with a kiosk pairing code (Settings → Pair a device → Kiosk). In the
          desktop app, open the kiosk from the tray: it gets a kiosk key of its own.
        </p>
        {source === 'login' ? (
          <button type="button" className="button button-primary button-block" onClick={signOut}>
            Sign out to sign in as a kiosk
          </button>
        ) : null}
        <p>
          <Link to="/sell">Back to the box office</Link>
        </p>
      </section>
    </main>
  );
}
