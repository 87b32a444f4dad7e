import { useEffect, useState } from 'react';
import { ApiRequestError, messageOf } from '../../api/api-error.js';
import type { PairingBody } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { QrImage } from '../../components/qr-image.js';
import { useEvents } from '../../stores/events-store.js';
import { useSettings } from '../../stores/settings-store.js';

type DeviceScope = NonNullable<PairingBody['scope']>;

/** A one-time QR (5 minutes) a door device or another till scans to get its own key. */
export function PairingPanel() {
  const pairing = useSettings((s) => s.pairing);
  const startPairing = useSettings((s) => s.startPairing);
  const clearPairing = useSettings((s) => s.clearPairing);
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const [eventId, setEventId] = useState('');
  const [scope, setScope] = useState<DeviceScope>('scanner');
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  useEffect(() => {
    if (!pairing) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [pairing]);

  const start = async () => {
    setError(null);
    try {
      await startPairing({ scope, ...(eventId ? { event_id: eventId } : {}) });
      setNow(Date.now());
    } catch (err) {
      // A server from before pairing existed answers 404 route_not_found.
      if (err instanceof ApiRequestError && err.code === 'route_not_found') setUnavailable(true);
      else setError(messageOf(err));
    }
  };

  const left = pairing ? Math.max(0, Math.round((Date.parse(pairing.expires_at) - now) / 1000)) : 0;

  return (
    <section className="panel" aria-labelledby="pairing-title">
      <h2 id="pairing-title">Pair a door device, till or kiosk</h2>
      {unavailable ? (
        <p className="state state-empty">Pairing is not available on this venue server yet.</p>
      ) : (
        <>
          <div className="inline-form">
            <Field label="Device">
              <select value={scope} onChange={(e) => setScope(e.target.value as DeviceScope)}>
                <option value="scanner">Door scanner</option>
                <option value="box_office">Another till</option>
                <option value="kiosk">Customer kiosk</option>
              </select>
            </Field>
            <Field label="Event (doors only)">
              <select
                value={eventId}
                onChange={(e) => setEventId(e.target.value)}
                disabled={scope !== 'scanner'}
              >
                <option value="">Any event</option>
                {(events.data ?? [])
                  .filter((e) => e.status !== 'cancelled')
                  .map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title}
                    </option>
                  ))}
              </select>
            </Field>
            <button type="button" className="button button-primary" onClick={() => void start()}>
              Show pairing QR
            </button>
          </div>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {pairing ? (
            <div className="pairing">
              {left > 0 ? (
                <>
                  <QrImage text={pairing.qr} size={220} label="Pairing QR" />
                  <div>
                    <p>
                      {pairing.scope === 'kiosk'
                        ? 'Paste the code into the kiosk’s sign-in (it gets a kiosk key: card sales only).'
                        : `Scan with the ${pairing.scope === 'scanner' ? 'door device' : 'other till'}.`}{' '}
                      One use, expires in{' '}
                      <strong>
                        {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
                      </strong>
                      .
                    </p>
                    <p className="small">
                      Code <code className="pairing-code">{pairing.pairing_token}</code>
                    </p>
                    <p className="muted small">
                      Server <code>{pairing.server_url}</code>
                      {pairing.cert_fingerprint ? (
                        <>
                          {' '}
                          · certificate <code>{pairing.cert_fingerprint.slice(0, 23)}…</code>
                        </>
                      ) : null}
                    </p>
                    <button type="button" className="button button-small" onClick={clearPairing}>
                      Done
                    </button>
                  </div>
                </>
              ) : (
                <p className="state state-empty">
                  This pairing code expired.{' '}
                  <button type="button" className="button button-small" onClick={() => void start()}>
                    Make a new one
                  </button>
                </p>
              )}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
