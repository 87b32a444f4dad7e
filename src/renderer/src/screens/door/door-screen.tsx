import { useCallback, useEffect, useRef } from 'react';
import { Beeper } from '../../lib/beep.js';
import { keepDoorForOffline } from '../../lib/door-offline-shell.js';
import { useDoor } from '../../stores/door-store.js';
import { DoorPairing } from './door-pairing.js';
import { DoorRevoked } from './door-revoked.js';
import { DoorScanner } from './door-scanner.js';
import './door.css';

/** How often the door asks whether the server is there (GET /v2/health: no key, not metered). */
const healthPollMs = 3_000;

/**
 * `/door`: the browser door app for phones and tablets. It needs no API key: pairing with the
 * box office's QR gives it a scanner key of its own, kept in this browser.
 */
export function DoorScreen() {
  const phase = useDoor((s) => s.phase);
  const boot = useDoor((s) => s.boot);
  const checkServer = useDoor((s) => s.checkServer);
  const beeper = useRef(new Beeper());

  useEffect(() => {
    boot({ storage: window.localStorage, origin: window.marquee?.apiBaseUrl || window.location.origin });
    void checkServer();
    // The desktop app's own window has its server in-process: no offline reload to prepare.
    if (!window.marquee) void keepDoorForOffline();
    const timer = window.setInterval(() => void checkServer(), healthPollMs);
    return () => window.clearInterval(timer);
  }, [boot, checkServer]);

  const unlock = useCallback(() => beeper.current.unlock(), []);
  const beep = useCallback((admitted: boolean) => {
    if (admitted) beeper.current.admitted();
    else beeper.current.rejected();
  }, []);

  return (
    <main className="door">
      {phase === 'revoked' ? (
        <DoorRevoked />
      ) : phase === 'ready' ? (
        <DoorScanner onGesture={unlock} beep={beep} />
      ) : phase === 'loading' ? (
        <p className="state state-loading door-loading" role="status">
          Loading the door pack…
        </p>
      ) : (
        <DoorPairing onGesture={unlock} />
      )}
    </main>
  );
}
