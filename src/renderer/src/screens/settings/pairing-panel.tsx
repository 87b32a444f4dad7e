import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, messageOf } from '../../api/api-error.js';
import type { PairingBody } from '../../api/types.js';
import { Field } from '../../components/field.js';
import { QrImage } from '../../components/qr-image.js';
import { pickDefaultEvent } from '../../lib/monitor-event.js';
import { pairingSecondsLeft } from '../../lib/pairing-use.js';
import { pairingDevices, settingsPanels } from '../../lib/settings-places.js';
import { pairingCheck, pairingCheckSeparator } from '../../../../shared/pairing-check.js';
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
  const pairedWith = useSettings((s) => s.pairedWith);
  const checkPairingUsed = useSettings((s) => s.checkPairingUsed);
  const receivedAt = useSettings((s) => s.pairingReceivedAt);
  const chosenByHand = useRef(false);
  const showButton = useRef<HTMLButtonElement>(null);
  // Done takes the QR and itself away: the keyboard goes back to the button that makes a new one.
  const done = () => {
    clearPairing();
    showButton.current?.focus();
  };

  // Fresh each visit: tonight's event may have been made since the list was last loaded.
  useEffect(() => {
    void loadEvents();
  }, [loadEvents]);
  // A door is paired for tonight's show: preselect it (the monitor's pick), unless someone chose.
  useEffect(() => {
    if (chosenByHand.current || !events.data) return;
    setEventId(pickDefaultEvent(events.data, Date.now())?.id ?? '');
  }, [events.data]);
  // Once a device used the code, the countdown stops and the panel says who paired.
  useEffect(() => {
    if (!pairing || pairedWith) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      void checkPairingUsed().catch(() => undefined);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [pairing, pairedWith, checkPairingUsed]);

  const start = async () => {
    setError(null);
    try {
      // "Any event" is said as null: left out, the server pins a door to the current event.
      await startPairing({ scope, ...(scope === 'scanner' ? { event_id: eventId || null } : {}) });
      setNow(Date.now());
    } catch (err) {
      // A server from before pairing existed answers 404 route_not_found.
      if (err instanceof ApiRequestError && err.code === 'route_not_found') setUnavailable(true);
      else setError(messageOf(err));
    }
  };

  const left = pairing && receivedAt !== null ? pairingSecondsLeft(receivedAt, now) : 0;

  return (
    <section className="panel" aria-labelledby="pairing-title">
      <h2 id="pairing-title">{settingsPanels.pairing}</h2>
      {unavailable ? (
        <p className="state state-empty">Pairing is not available on this venue server yet.</p>
      ) : (
        <>
          <div className="inline-form">
            <Field label="Device">
              <select value={scope} onChange={(e) => setScope(e.target.value as DeviceScope)}>
                <option value="scanner">{pairingDevices.scanner}</option>
                <option value="box_office">{pairingDevices.box_office}</option>
                <option value="kiosk">{pairingDevices.kiosk}</option>
              </select>
            </Field>
            <Field label="Event (doors only)">
              <select
                value={eventId}
                onChange={(e) => {
                  chosenByHand.current = true;
                  setEventId(e.target.value);
                }}
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
            <button
              ref={showButton}
              type="button"
              className="button button-primary"
              onClick={() => void start()}
            >
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
              {pairedWith ? (
                <p className="state state-ok" role="status" data-testid="pairing-used">
                  Paired: <strong>{pairedWith}</strong>. The code is used up.{' '}
                  <button type="button" className="button button-small" onClick={done}>
                    Done
                  </button>
                </p>
              ) : left > 0 ? (
                <>
                  <QrImage text={pairing.qr} size={220} label="Pairing QR" />
                  <div>
                    <p>
                      {pairing.scope === 'kiosk'
                        ? 'Paste the code into the kiosk’s sign-in (it gets a kiosk key: card sales only).'
                        : `Scan with the ${pairing.scope === 'scanner' ? 'door device' : 'other till'}.`}{' '}
                      One use, expires in{' '}
                      <strong data-testid="pairing-countdown">
                        {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
                      </strong>
                      .
                    </p>
                    <p className="small">
                      Code{' '}
                      <code data-testid="pairing-typed-code">
                        <span className="pairing-code">{pairing.pairing_token}</span>
                        {pairing.scope === 'scanner' ? (
                          // A door typing the code checks the server's certificate against these.
                          <strong className="pairing-check">
                            {pairingCheckSeparator}
                            {pairingCheck(pairing.pairing_token, pairing.cert_fingerprint)}
                          </strong>
                        ) : null}
                      </code>
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
                    {pairing.scope === 'scanner' ? (
                      // A door box without a camera (the scanner CLI) needs the whole text: server,
                      // certificate and code, which the QR carries.
                      <details className="small">
                        <summary>For a door without a camera</summary>
                        <label className="field">
                          <span>Pairing text (npm run scanner -- pair '…')</span>
                          <input
                            readOnly
                            value={pairing.qr}
                            data-testid="pairing-text"
                            onFocus={(e) => e.currentTarget.select()}
                          />
                        </label>
                      </details>
                    ) : null}
                    <button type="button" className="button button-small" onClick={done}>
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
