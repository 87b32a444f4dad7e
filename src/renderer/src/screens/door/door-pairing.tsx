import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { pairingDevices, settingsPath } from '../../lib/settings-places.js';
import { isPairingText, useDoor } from '../../stores/door-store.js';
import { CameraView } from './camera-view.js';

/** First run on a phone or tablet: scan the pairing QR shown by the box office, or paste it. */
export function DoorPairing({ onGesture }: { onGesture: () => void }) {
  const phase = useDoor((s) => s.phase);
  const error = useDoor((s) => s.error);
  const pair = useDoor((s) => s.pair);
  const [name, setName] = useState('Door 1');
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const busy = useRef(false);
  const pairing = phase === 'pairing';

  const tryPair = useCallback(
    async (text: string) => {
      if (busy.current) return;
      busy.current = true;
      const ok = await pair(text, name);
      busy.current = false;
      if (ok) setCamera(false);
    },
    [pair, name],
  );

  const onText = useCallback(
    (text: string) => {
      // Only a pairing code pairs; a ticket held up by mistake is ignored here.
      if (isPairingText(text)) void tryPair(text);
    },
    [tryPair],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void tryPair(code);
  };

  return (
    <section className="door-pairing" aria-labelledby="door-pair-title">
      <h1 id="door-pair-title">Pair this door</h1>
      <p className="muted">
        On the box office, open <strong>{settingsPath('pairing')}</strong>, choose{' '}
        <em>{pairingDevices.scanner}</em> and the event, and show the QR code to this device. The code works
        once, for 5 minutes.
      </p>
      <Field label="Door name" hint="Shown on the scan monitor, e.g. “Door 2” or “Balcony”.">
        <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </Field>
      {camera ? (
        <CameraView onText={onText} label="Camera: pairing QR" className="camera-pairing" />
      ) : (
        <button
          type="button"
          className="button button-primary door-big-button"
          onClick={() => {
            onGesture();
            setCamera(true);
          }}
        >
          Scan the pairing QR
        </button>
      )}
      <form onSubmit={submit} className="door-paste">
        <Field label="Or paste the pairing code">
          <input
            value={code}
            spellCheck={false}
            autoComplete="off"
            placeholder="marquee://pair?… or pair_….K7QM9T"
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={pairing || code.trim() === ''} onClick={onGesture}>
          {pairing ? 'Pairing…' : 'Pair'}
        </button>
      </form>
      {pairing ? (
        <p className="state state-loading" role="status">
          Pairing…
        </p>
      ) : null}
      {error ? (
        <p className="door-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
