import { formatClockSeconds } from '../../lib/humanize.js';
import type { MonitorAlert } from '../../lib/monitor-model.js';

interface AlertBannerProps {
  alerts: readonly MonitorAlert[];
  doorName: (deviceId: string | null) => string;
  onAcknowledge: (id: string) => void;
  onAcknowledgeAll: () => void;
}

/** One alert in words a supervisor can act on. */
export function alertText(alert: MonitorAlert, doorName: (deviceId: string | null) => string): string {
  const door = doorName(alert.deviceId);
  if (alert.kind === 'conflict') {
    // The door that counted, by name and time, when the server named it: where else to look.
    const first = alert.counted
      ? `${doorName(alert.counted.deviceId)} had already admitted it at ${formatClockSeconds(alert.counted.at)}`
      : 'another door had already admitted it';
    return (
      `Double admission at ${door}: ticket ${alert.ticketId ?? '(unknown)'} was let in offline at ` +
      `${formatClockSeconds(alert.firstAt)}, but ${first}. Two people may hold one ticket.`
    );
  }
  const span =
    alert.firstAt === alert.lastAt
      ? `at ${formatClockSeconds(alert.firstAt)}`
      : `between ${formatClockSeconds(alert.firstAt)} and ${formatClockSeconds(alert.lastAt)}`;
  return `${alert.count} rejections at ${door} ${span}: check that door (fake or wrong-event tickets, or a device problem).`;
}

/**
 * The loud part of the monitor: unacknowledged alerts in a red banner at the top (the screen
 * also sounds the alarm), acknowledged ones folded away below it.
 */
export function AlertBanner({ alerts, doorName, onAcknowledge, onAcknowledgeAll }: AlertBannerProps) {
  const open = alerts.filter((a) => !a.acknowledged);
  const done = alerts.filter((a) => a.acknowledged);
  return (
    <>
      {open.length > 0 ? (
        <section className="alarm" role="alert" aria-label="Alerts">
          <div className="alarm-head">
            <strong>{open.length === 1 ? 'ALERT' : `${open.length} ALERTS`}</strong>
            {open.length > 1 ? (
              <button type="button" className="button button-small" onClick={onAcknowledgeAll}>
                Acknowledge all
              </button>
            ) : null}
          </div>
          <ul className="alarm-list">
            {open.map((alert) => (
              <li key={alert.id} className={`alarm-item alarm-${alert.kind}`} data-alert={alert.kind}>
                <span>
                  {alertText(alert, doorName)}
                  {alert.loud ? null : <span className="alarm-note"> (found in the scan log)</span>}
                </span>
                <button type="button" className="button button-small" onClick={() => onAcknowledge(alert.id)}>
                  Acknowledge
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {done.length > 0 ? (
        <details className="alarm-earlier">
          <summary>
            {done.length} acknowledged {done.length === 1 ? 'alert' : 'alerts'}
          </summary>
          <ul>
            {done.map((alert) => (
              <li key={alert.id}>{alertText(alert, doorName)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
