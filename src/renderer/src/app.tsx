import { lazy, Suspense, useCallback, useEffect, type MouseEvent } from 'react';
import {
  OfflineBanner,
  OutboundHeldBanner,
  StoreMovedBanner,
  StorageBanner,
  useHealthPolling,
} from './components/offline-banner.js';
import { OutboundIndicator } from './components/outbound-indicator.js';
import { connectionPill } from './lib/server-health.js';
import { matchPath } from './lib/route-match.js';
import { usePollWhileVisible } from './hooks/use-poll-while-visible.js';
import { useWedgeScanner } from './hooks/use-wedge-scanner.js';
import { useUnansweredSale } from './hooks/use-unanswered-sale.js';
import { Link, navigate, Redirect, usePath } from './router.js';
import { EventDetailScreen } from './screens/events/event-detail-screen.js';
import { EventsScreen } from './screens/events/events-screen.js';
import { NewEventScreen } from './screens/events/new-event-screen.js';
import { KioskScreen } from './screens/kiosk/kiosk-screen.js';
import { KioskNeedsKioskKey } from './screens/kiosk/kiosk-wrong-key.js';
import { LoginScreen } from './screens/login-screen.js';
import { MonitorScreen } from './screens/monitor/monitor-screen.js';
import { OrdersScreen } from './screens/orders/orders-screen.js';
import { SellScreen } from './screens/sell/sell-screen.js';
import { SettingsScreen } from './screens/settings/settings-screen.js';
import { PayoutsScreen } from './screens/payouts/payouts-screen.js';
import { AuditScreen } from './screens/audit/audit-screen.js';
import { ReportsScreen } from './screens/reports/reports-screen.js';
import { TakingsScreen } from './screens/reports/takings-screen.js';
import { ShiftScreen } from './screens/shifts/shift-screen.js';
import { PinScreen } from './screens/staff/pin-screen.js';
import { StaffChip } from './screens/staff/staff-chip.js';
import { WebhooksScreen } from './screens/webhooks/webhooks-screen.js';
import { useNavShortcuts } from './shortcuts.js';
import { useOrders } from './stores/orders-store.js';
import { useSale } from './stores/sale-store.js';
import { useSession } from './stores/session-store.js';
import { useSettings } from './stores/settings-store.js';
import { useShift } from './stores/shift-store.js';
import { useStaff } from './stores/staff-store.js';

/** How often a signed-in till re-reads its open shift, and whether its member is still signed in. */
const shiftPollMs = 15_000;

// The door page brings a QR decoder and Ed25519: loaded only by the devices that open /door.
const DoorScreen = lazy(() =>
  import('./screens/door/door-screen.js').then((m) => ({ default: m.DoorScreen })),
);

const adminOnly = new Set(['/settings', '/webhooks', '/payouts', '/audit']);

const navItems = [
  { to: '/sell', label: 'Sell', key: 'S' },
  { to: '/orders', label: 'Orders', key: 'O' },
  { to: '/events', label: 'Events & tiers', key: 'E' },
  { to: '/monitor', label: 'Monitor', key: 'M' },
  { to: '/payouts', label: 'Payouts', key: 'Y' },
  { to: '/shift', label: 'Shift', key: 'H' },
  { to: '/reports', label: 'Reports', key: 'R' },
  { to: '/audit', label: 'Audit', key: 'A' },
  { to: '/webhooks', label: 'Webhooks', key: 'W' },
  { to: '/settings', label: 'Settings', key: ',' },
] as const;

/** What a box-office key sees at an admin screen's address: why, not the server's raw 403s. */
function AdminOnly({ title }: { title: string }) {
  return (
    <section className="screen">
      <h1>{title}</h1>
      <p className="state state-empty">
        {title} needs an admin key; this till is signed in with a box-office key.{' '}
        <Link to="/sell">Go to Sell</Link>.
      </p>
    </section>
  );
}

function Screen({ path, isAdmin }: { path: string; isAdmin: boolean }) {
  const route = (pattern: string) => matchPath(pattern, path);
  let params;
  if (route('/') || route('/login')) return <Redirect to="/sell" />;
  if (!isAdmin && route('/settings')) return <AdminOnly title="Settings" />;
  if (!isAdmin && route('/webhooks')) return <AdminOnly title="Webhooks" />;
  if (!isAdmin && route('/payouts')) return <AdminOnly title="Payouts" />;
  if (route('/payouts')) return <PayoutsScreen />;
  if (!isAdmin && route('/audit')) return <AdminOnly title="Audit" />;
  if (route('/sell')) return <SellScreen eventId={null} />;
  if ((params = route('/sell/:eventId'))) return <SellScreen eventId={params.eventId ?? null} />;
  if (route('/orders')) return <OrdersScreen orderId={null} />;
  if ((params = route('/orders/:orderId'))) return <OrdersScreen orderId={params.orderId ?? null} />;
  if (route('/events')) return <EventsScreen />;
  if (route('/events/new')) return <NewEventScreen />;
  if ((params = route('/events/:eventId'))) return <EventDetailScreen eventId={params.eventId ?? ''} />;
  if (route('/settings')) return <SettingsScreen />;
  if (route('/monitor')) return <MonitorScreen eventParam={null} />;
  if ((params = route('/monitor/:eventId'))) return <MonitorScreen eventParam={params.eventId ?? null} />;
  if (route('/webhooks')) return <WebhooksScreen />;
  if (route('/shift')) return <ShiftScreen />;
  if (route('/reports')) return <ReportsScreen eventId={null} />;
  if (route('/reports/takings')) return <TakingsScreen />;
  if ((params = route('/reports/:eventId'))) return <ReportsScreen eventId={params.eventId ?? null} />;
  if (route('/audit')) return <AuditScreen />;
  return (
    <section className="screen">
      <h1>Nothing here</h1>
      <p className="state state-empty">
        No screen at <code>{path}</code>. <Link to="/sell">Go to Sell</Link>.
      </p>
    </section>
  );
}

/** The screen's name for the main region, as the nav says it ("Events & tiers"). */
function screenName(path: string): string {
  const item = navItems.find((i) => path === i.to || path.startsWith(`${i.to}/`));
  return item?.label ?? 'Screen';
}

/** Moves the keyboard (not just the scroll) to the screen, without putting "#main" in the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

function Shell() {
  const path = usePath();
  const role = useSession((s) => s.role);
  const source = useSession((s) => s.source);
  const connection = useSession((s) => s.connection);
  const storage = useSession((s) => s.storage);
  const pill = connectionPill(connection, storage);
  const signOut = useSession((s) => s.signOut);
  const venue = useSettings((s) => s.settings);
  const loadSettings = useSettings((s) => s.loadSettings);
  const allowed = useCallback((to: string) => role === 'admin' || !adminOnly.has(to), [role]);
  useNavShortcuts(allowed);
  // A keyboard-wedge scan of a ticket anywhere at the box office opens its order (the search
  // reads the ticket id out of the code, as for a pasted one).
  useWedgeScanner(
    useCallback(async (code: string) => {
      const orders = useOrders.getState();
      orders.setQuery(code);
      const found = await orders.search(code);
      navigate(found.length === 1 && found[0] ? `/orders/${found[0].id}` : '/orders');
    }, []),
  );
  const loadCurrentShift = useShift((s) => s.loadCurrent);
  const refreshShift = useShift((s) => s.refreshCurrent);
  const staffMember = useStaff((s) => s.session?.staff.id ?? null);
  const probeStaff = useStaff((s) => s.probe);
  // Another till or tab may close (or open) this till's shift: the header and the Sell screen
  // must not go on saying "Shift open" while cash goes into no report. The same tick asks whether
  // the member is still signed in: a manager who deactivates them or resets their PIN ends their
  // sessions, and the till goes back to the keypad saying so rather than at their next sale.
  const pollShift = useCallback(
    () => (staffMember ? Promise.all([refreshShift(), probeStaff()]) : Promise.resolve()),
    [staffMember, refreshShift, probeStaff],
  );
  usePollWhileVisible(pollShift, shiftPollMs);
  // A sale left unanswered when the lid closed (or the tab did) comes back and is checked.
  useUnansweredSale();
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  // Each member signing in sees the till's shift as the server has it now, and no one else's sale.
  useEffect(() => {
    void loadCurrentShift();
    if (staffMember) useSale.getState().signedIn(staffMember);
  }, [loadCurrentShift, staffMember]);

  return (
    <div className="app">
      {/* The first Tab stop: past the ten screen links and the header, straight to the screen. */}
      <a href="#main" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <header className="topbar no-print">
        <div className="brand" aria-label="Marquee">
          MARQUEE
        </div>
        <span className="venue-name">{venue.data?.venue_name ?? ''}</span>
        <nav aria-label="Screens" className="nav">
          {navItems
            .filter((item) => allowed(item.to))
            .map((item) => {
              const active = path === item.to || path.startsWith(`${item.to}/`);
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  className={active ? 'nav-link active' : 'nav-link'}
                  aria-current={active ? 'page' : undefined}
                  aria-keyshortcuts={item.key === ',' ? 'Comma' : item.key}
                >
                  {item.label} <kbd aria-hidden="true">{item.key}</kbd>
                </Link>
              );
            })}
        </nav>
        <div className="topbar-right">
          <OutboundIndicator canOpen={role === 'admin'} />
          <span className={`conn conn-${pill.state}`} title={`Server ${pill.label.toLowerCase()}`}>
            <span className="conn-dot" aria-hidden="true" />
            {pill.label}
          </span>
          <StaffChip />
          <span className="badge badge-muted">{role === 'admin' ? 'admin' : 'box office'}</span>
          {source === 'login' ? (
            <button type="button" className="button button-ghost" onClick={signOut}>
              Sign out
            </button>
          ) : null}
        </div>
      </header>
      <OfflineBanner />
      <StorageBanner />
      <OutboundHeldBanner />
      <StoreMovedBanner />
      <main id="main" className="main" tabIndex={-1} aria-label={screenName(path)}>
        <Screen path={path} isAdmin={role === 'admin'} />
      </main>
    </div>
  );
}

/**
 * A till whose venue has staff shows the PIN keypad until someone signs in; a till with no staff
 * (or an admin key, which the server never asks for a PIN) goes straight to its screens.
 */
function StaffGate() {
  const mode = useStaff((s) => s.mode);
  const signedIn = useStaff((s) => s.session !== null);
  const probe = useStaff((s) => s.probe);
  const apiKey = useSession((s) => s.apiKey);
  const loadSettings = useSettings((s) => s.loadSettings);
  const resetShift = useShift((s) => s.reset);
  useEffect(() => {
    void probe();
  }, [probe, apiKey]);
  useEffect(() => {
    if (signedIn) return;
    resetShift();
    // The keypad shows the venue's name, and the idle time comes with the settings.
    void loadSettings();
  }, [signedIn, resetShift, loadSettings]);
  if (mode === 'unknown' && !signedIn) {
    return <p className="state state-loading">Connecting to the venue server…</p>;
  }
  if (mode === 'required' && !signedIn) {
    return (
      <>
        <OfflineBanner />
        <PinScreen />
      </>
    );
  }
  return <Shell />;
}

export function App() {
  const status = useSession((s) => s.status);
  const source = useSession((s) => s.source);
  const role = useSession((s) => s.role);
  const resuming = useSession((s) => s.resuming);
  const path = usePath();
  useHealthPolling(!matchPath('/door', path));
  // The door pairs with its own scanner key: no sign-in. The kiosk signs in with a kiosk key (or
  // its pairing code), then fills the screen without the staff navigation.
  if (matchPath('/door', path)) {
    // A kiosk tab stays a kiosk: the door's pairing screen is for staff, and would hold the
    // screen away from selling with no idle reset.
    if (status === 'signed_in' && role === 'kiosk') return <Redirect to="/kiosk" />;
    return (
      <Suspense fallback={<p className="state state-loading">Loading the door…</p>}>
        <DoorScreen />
      </Suspense>
    );
  }
  if (status === 'signed_in') {
    // A kiosk key never shows staff screens, whatever address is typed into its tab.
    if (role === 'kiosk') return matchPath('/kiosk', path) ? <KioskScreen /> : <Redirect to="/kiosk" />;
    // Customers must never stand at a screen holding a staff key.
    if (matchPath('/kiosk', path)) return <KioskNeedsKioskKey />;
    // Nor reach a staff screen with one typed into the kiosk's sign-in.
    if (source === 'kiosk') return <Redirect to="/kiosk" />;
    return <StaffGate />;
  }
  // The desktop app's own key, or a key this tab kept, being checked: the sign-in form would flash
  // up and take what a seller types or Tabs to, then vanish under them.
  if (status === 'checking' && source === null && (window.marquee || resuming)) {
    return <p className="state state-loading">Connecting to the venue server…</p>;
  }
  return (
    <>
      <OfflineBanner />
      <StorageBanner />
      <OutboundHeldBanner />
      <StoreMovedBanner />
      <LoginScreen />
    </>
  );
}
