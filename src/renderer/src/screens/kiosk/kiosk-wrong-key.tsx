import { useIdleReset } from '../../hooks/use-idle-reset.js';
import { pairingPath, settingsPath } from '../../lib/settings-places.js';
import { Link } from '../../router.js';
import { useSession } from '../../stores/session-store.js';

/**
 * `/kiosk` reached with a staff key (admin or box office): the kiosk faces customers, so it runs
 * only with a `kiosk` key, which can sell by card and read its own orders and nothing else.
 *
 * A staff key typed into this tab (`source` login) is a customer's screen holding a staff key: it
 * offers no way into the box office, and the key is dropped after the kiosk's minute without a
 * touch, so a slip at the sign-in is not left for the next customer. The desktop app's own window
 * (`source` bridge) is staff's, so it keeps its way back.
 */
export function KioskNeedsKioskKey() {
  const source = useSession((s) => s.source);
  const signOut = useSession((s) => s.signOut);
  const typedHere = source === 'login' || source === 'kiosk';
  useIdleReset(typedHere, signOut);
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="kiosk-key-title">
        <h1 id="kiosk-key-title">The kiosk needs a kiosk key</h1>
        <p className="muted">
          Customers use this screen, so it never runs with a staff key. Sign it in with a <code>kiosk</code>{' '}
          key ({settingsPath('apiKeys')}), or with a kiosk pairing code ({pairingPath('kiosk')}). In the
          desktop app, open the kiosk from the tray: it gets a kiosk key of its own.
        </p>
        {typedHere ? (
          <>
            <button type="button" className="button button-primary button-block" onClick={signOut}>
              Sign out to sign in as a kiosk
            </button>
            <p className="muted">This staff key is signed out by itself after a minute without a touch.</p>
          </>
        ) : (
          <p>
            <Link to="/sell">Back to the box office</Link>
          </p>
        )}
      </section>
    </main>
  );
}
