import { useDoor } from '../../stores/door-store.js';

/**
 * The venue server refuses this door's key (revoked at the box office, or the key deleted). The
 * door admits no one from here on, online or offline: a lost or replaced device must not keep
 * letting people in. Scans it could not upload can never be uploaded with that key, so unpairing
 * drops them, and says how many.
 */
export function DoorRevoked() {
  const queued = useDoor((s) => s.queued);
  const deviceName = useDoor((s) => s.deviceName);
  const unpair = useDoor((s) => s.unpair);
  const dropped =
    queued === 0
      ? ''
      : ` The ${queued} scan${queued === 1 ? '' : 's'} made offline and not uploaded are dropped.`;
  return (
    <section className="door-revoked" role="alert" aria-labelledby="door-revoked-title">
      <h1 id="door-revoked-title">This door was revoked</h1>
      <p>
        The venue server no longer accepts {deviceName ? `“${deviceName}”` : 'this door'}. It admits no one
        until it is paired again with a new door scanner code from the box office.
      </p>
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => {
          if (window.confirm(`Unpair this door so it can be paired again?${dropped}`)) unpair(true);
        }}
      >
        Unpair to pair again
      </button>
    </section>
  );
}
