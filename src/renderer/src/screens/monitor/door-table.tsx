import { Empty } from '../../components/states.js';
import { doorStatus, type DoorRow } from '../../lib/door-status.js';
import { formatSince, relativeTo } from '../../lib/humanize.js';
import { noDeviceKey } from '../../lib/monitor-model.js';
import { pairingPath } from '../../lib/settings-places.js';

const tone = { online: 'good', offline: 'bad', never: 'muted', revoked: 'muted' } as const;

/**
 * Each door's state. "Queued offline scans" is honestly "unknown": a door holds its offline scans
 * until it syncs, and the server has no way to count what it has not been sent.
 */
export function DoorTable({ rows, now }: { rows: readonly DoorRow[]; now: number }) {
  if (rows.length === 0) {
    return (
      <Empty>
        No doors yet. Pair a scanner in {pairingPath('scanner')}, or scan a ticket at the till; doors appear
        here with their first contact.
      </Empty>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table doors-table">
        <thead>
          <tr>
            <th>Door</th>
            <th>Status</th>
            <th>Last contact</th>
            <th>Last sync</th>
            <th>Queued offline scans</th>
            <th className="num">Admitted</th>
            <th className="num">Turned away</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const till = row.key === noDeviceKey;
            const status = doorStatus(row.device, row.activity, now);
            const lastSeen = status.lastSeenAt === null ? null : new Date(status.lastSeenAt).toISOString();
            return (
              <tr key={row.key} data-door={row.name}>
                <td>
                  <strong>{row.name}</strong>
                  {row.device ? <div className="muted small">{row.device.id}</div> : null}
                </td>
                <td>
                  {till ? (
                    <span className="muted">—</span>
                  ) : (
                    <span className={`badge badge-${tone[status.state]} door-status`}>{status.label}</span>
                  )}
                </td>
                <td className="small">{relativeTo(lastSeen, now)}</td>
                <td className="small">
                  {row.activity.lastSyncAt === null
                    ? 'no sync seen'
                    : formatSince(row.activity.lastSyncAt, now)}
                </td>
                <td className="small">
                  {till ? (
                    '—'
                  ) : (
                    <span title="A door keeps its offline scans until it syncs; the server cannot count them before.">
                      unknown
                    </span>
                  )}
                </td>
                <td className="num">{row.activity.admitted}</td>
                <td className="num">{row.activity.rejected}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
