import { useNow } from '../../hooks/use-now.js';
import { occupancyOf } from '../../lib/occupancy.js';
import { useDoor } from '../../stores/door-store.js';
import { DoorConflicts } from './door-conflicts.js';

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** One line a door attendant can read at a glance: event, door, online or not, what waits to sync. */
export function DoorStatus() {
  const connection = useDoor((s) => s.connection);
  const queued = useDoor((s) => s.queued);
  const lastSyncAt = useDoor((s) => s.lastSyncAt);
  const packPulledAt = useDoor((s) => s.packPulledAt);
  const offlineSince = useDoor((s) => s.offlineSince);
  const eventTitle = useDoor((s) => s.eventTitle);
  const deviceName = useDoor((s) => s.deviceName);
  const live = useDoor((s) => s.live);
  const storageProblem = useDoor((s) => s.storageProblem);
  const storageNote = useDoor((s) => s.storageNote);
  const occupancy = useDoor((s) => s.occupancy);
  const level = occupancy ? occupancyOf(occupancy.inside, occupancy.capacity) : null;
  const sync = useDoor((s) => s.sync);
  const unpair = useDoor((s) => s.unpair);
  useNow(5_000);

  return (
    <header className="door-status">
      <div className="door-status-what">
        {/* The paired page's heading: "Find a guest" below is a second-level one. */}
        <h1 className="door-status-title">{eventTitle ?? 'Event'}</h1>
        <span className="muted">{deviceName}</span>
      </div>
      <span className={`door-pill door-pill-${connection}`} data-testid="door-connection">
        {connection === 'online'
          ? 'Online'
          : connection === 'offline'
            ? `Offline${offlineSince ? ` since ${clock(offlineSince)}` : ''}`
            : 'Connecting'}
      </span>
      {level ? (
        <span
          className={`door-pill door-pill-capacity-${level.level}`}
          data-testid="door-occupancy"
          data-level={level.level}
          title={occupancy?.from === 'door' ? 'As far as this door knows (offline)' : 'From the venue server'}
        >
          {level.short}
        </span>
      ) : null}
      <span className={`door-pill ${queued > 0 ? 'door-pill-queued' : ''}`} data-testid="door-queued">
        {queued} queued
      </span>
      {/* Offline, "Feed paused" would only repeat the Offline pill, and "Live feed" would be wrong. */}
      {connection === 'offline' ? null : (
        <span
          className="door-pill door-pill-plain"
          data-testid="door-feed"
          title="Other doors' scans and voids arrive live"
        >
          {live ? 'Live feed' : 'Feed paused'}
        </span>
      )}
      <DoorConflicts />
      <span className="muted small">{lastSyncAt ? `Last sync ${clock(lastSyncAt)}` : 'Not synced yet'}</span>
      <span
        className="muted small"
        data-testid="door-pack"
        title="Voids, transfers and admissions the door knows of offline"
      >
        {packPulledAt ? `Door pack ${clock(packPulledAt)}` : 'No door pack yet'}
      </span>
      <div className="door-status-actions">
        <button type="button" className="button" onClick={() => void sync()} disabled={queued === 0}>
          Sync now
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            if (window.confirm('Unpair this door? It forgets the venue server and its key.')) unpair();
          }}
        >
          Unpair
        </button>
      </div>
      {storageProblem ? (
        <p className="door-error" role="alert">
          {storageProblem}
        </p>
      ) : null}
      {storageNote ? (
        <p className="door-notice" role="status">
          {storageNote}
        </p>
      ) : null}
    </header>
  );
}
