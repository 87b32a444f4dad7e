import type { ScanView } from '../../api/scan-types.js';
import { Empty } from '../../components/states.js';
import { formatClockSeconds } from '../../lib/humanize.js';
import { scanVerdictWord } from '../../lib/scan-announcement.js';
import { describeScan } from '../../lib/scan-reasons.js';

/** The newest scans first, each with its reason in words. */
export function LatestScans({
  scans,
  doorName,
}: {
  scans: readonly ScanView[];
  doorName: (deviceId: string | null) => string;
}) {
  if (scans.length === 0) return <Empty>No scans yet. They appear here the moment a door scans.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table scans-table">
        <thead>
          <tr>
            <th>Time</th>
            <th>Door</th>
            <th>Result</th>
            <th>Why</th>
            <th>Ticket</th>
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => {
            const { tone, word } = scanVerdictWord(scan);
            return (
              <tr key={scan.id} data-scan={scan.id} className={`scan-row scan-${tone}`}>
                <td className="small nowrap">
                  {formatClockSeconds(Date.parse(scan.scanned_at))}
                  {scan.source === 'sync' ? (
                    <div className="muted small" title={`Uploaded ${scan.created_at}`}>
                      synced {formatClockSeconds(Date.parse(scan.created_at))}
                    </div>
                  ) : null}
                </td>
                <td className="small">{doorName(scan.device_id)}</td>
                <td>
                  <span className={`badge badge-${tone}`}>{word}</span>
                  <div className="muted small" data-credential={scan.credential}>
                    {scan.credential === 'rotating' ? 'phone' : scan.credential}
                  </div>
                </td>
                <td className="scan-why">
                  {describeScan(scan)}
                  {scan.note ? <div className="muted small">“{scan.note}”</div> : null}
                </td>
                <td className="small">
                  <code>{scan.ticket_id ?? '—'}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
