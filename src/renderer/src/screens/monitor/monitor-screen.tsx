import { EventOptions } from '../../components/event-options.js';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { ErrorNote, Loading } from '../../components/states.js';
import { useNow } from '../../hooks/use-now.js';
import { listDoors } from '../../lib/door-status.js';
import { formatCount } from '../../lib/count.js';
import { feedStatusText } from '../../lib/feed-status.js';
import { pickDefaultEvent } from '../../lib/monitor-event.js';
import { occupancyOf, type OccupancyLevel } from '../../lib/occupancy.js';
import { noDeviceKey } from '../../lib/monitor-model.js';
import { bucketPerMinute, minuteMs } from '../../lib/scan-minutes.js';
import { navigate } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { useMonitor } from '../../stores/monitor-store.js';
import { AdmissionsChart } from './admissions-chart.js';
import { AlertBanner } from './alert-banner.js';
import { enableSound, playAlarm, soundSnapshot, subscribeSound, type SoundSnapshot } from './alarm-sound.js';
import { DoorTable } from './door-table.js';
import { LatestScans } from './latest-scans.js';
import { ScanAnnouncer } from './scan-announcer.js';
import './monitor.css';

const devicePollMs = 15_000;
const allEvents = 'all';

/**
 * `/monitor` opens on tonight's event; `/monitor/{evt}` watches one event; `/monitor/all` every
 * event. The choice lives in the path so a monitor window can be reopened on the same event.
 */
export function MonitorScreen({ eventParam }: { eventParam: string | null }) {
  const loadEvents = useEvents((s) => s.loadEvents);
  useEffect(() => {
    // Read afresh, not from an earlier screen's list: tonight's event may be newer than it.
    void loadEvents().then(() => {
      if (eventParam !== null) return;
      const { events } = useEvents.getState();
      const pick = pickDefaultEvent(events.data ?? [], Date.now());
      navigate(`/monitor/${pick ? pick.id : allEvents}`, { replace: true });
    });
  }, [eventParam, loadEvents]);

  if (eventParam === null) return <Loading what="events" />;
  return <Monitor eventId={eventParam === allEvents ? null : eventParam} />;
}

function Monitor({ eventId }: { eventId: string | null }) {
  const now = useNow(1000);
  const events = useEvents((s) => s.events);
  const m = useMonitor();
  const { start, stop, loadDevices, prune, refreshFigures } = m;

  useEffect(() => {
    start(eventId);
    return () => stop();
  }, [eventId, start, stop]);

  useEffect(() => {
    void loadDevices();
    const timer = window.setInterval(() => {
      void loadDevices();
      void refreshFigures();
    }, devicePollMs);
    return () => window.clearInterval(timer);
  }, [loadDevices, refreshFigures]);

  const minute = Math.floor(now / minuteMs);
  useEffect(() => {
    prune(minute * minuteMs);
  }, [minute, prune]);

  // The chart moves on at each new minute and at each new scan, not every clock tick.
  const buckets = useMemo(
    () => bucketPerMinute(m.windowScans, (minute + 1) * minuteMs - 1),
    [m.windowScans, minute],
  );
  const totals = buckets.reduce(
    (t, b) => ({
      admitted: t.admitted + b.admitted,
      rejected: t.rejected + b.rejected,
      exited: t.exited + b.exited,
    }),
    { admitted: 0, rejected: 0, exited: 0 },
  );

  const devices = m.devices.data;
  const doorName = useCallback(
    (deviceId: string | null) => {
      if (deviceId === null) return 'a till or API key';
      return devices?.find((d) => d.id === deviceId)?.name ?? deviceId;
    },
    [devices],
  );
  const doors = useMemo(
    () => listDoors(devices, m.activity, eventId, noDeviceKey),
    [devices, m.activity, eventId],
  );

  const sound = useAlarm(m.alarmSerial);
  const status = feedStatusText(m.feed, now);
  const event = events.data?.find((e) => e.id === eventId) ?? null;
  const occupancy = occupancyOf(m.inside, event?.capacity ?? null);
  // Until the server's count (and the last hour, for the hour's figures) is read the figures are
  // not known: "Inside now 0" in the meantime is a wrong answer a door manager would act on.
  const counting = m.figures.state !== 'ready';
  const readingHour = m.history.state === 'loading' && m.seen === 0;
  const figure = (value: number) => (counting ? '…' : formatCount(value));
  const hourFigure = (value: number) => (readingHour ? '…' : formatCount(value));
  useCapacityAlarm(occupancy.level);

  return (
    <section className="screen monitor">
      <div className="screen-head">
        <div>
          <h1>Scan monitor</h1>
          <p className="muted small">
            {eventId === null ? 'Every event' : event ? `${event.title} · ${event.venue}` : eventId}
          </p>
        </div>
        <div className="head-actions monitor-controls">
          <label className="inline-label">
            Event{' '}
            <select
              value={eventId ?? allEvents}
              onChange={(e) => navigate(`/monitor/${e.target.value}`, { replace: true })}
            >
              <option value={allEvents}>All events</option>
              <EventOptions events={events.data ?? []} label={(e) => `${e.title} (${e.status})`} />
            </select>
          </label>
          <SoundToggle sound={sound} />
        </div>
      </div>

      <p className={`feed-status feed-${status.tone}`} role="status" data-phase={m.feed.phase}>
        <span className="conn-dot" aria-hidden="true" /> {status.text}
        {m.feed.phase === 'reconnecting' ? (
          <button type="button" className="button button-small" onClick={m.reconnectNow}>
            Reconnect now
          </button>
        ) : null}
      </p>

      {occupancy.level === 'warning' || occupancy.level === 'full' ? (
        <p
          className={`capacity-banner capacity-banner-${occupancy.level}`}
          role={occupancy.level === 'full' ? 'alert' : 'status'}
          data-testid="capacity-banner"
          data-level={occupancy.level}
        >
          {occupancy.words}
          {occupancy.level === 'full' ? '. Doors admit only with a steward’s reason.' : ''}
        </p>
      ) : null}

      <AlertBanner
        alerts={m.alerts}
        doorName={doorName}
        onAcknowledge={m.acknowledge}
        onAcknowledgeAll={m.acknowledgeAll}
      />

      {m.figures.state === 'error' && m.figures.error ? (
        <ErrorNote
          message={`Who is inside could not be read: ${m.figures.error}`}
          onRetry={() => start(eventId)}
        />
      ) : null}
      {m.history.state === 'error' && m.history.error ? (
        <ErrorNote
          message={`The scan log could not be read: ${m.history.error}`}
          onRetry={() => start(eventId)}
        />
      ) : null}
      {m.history.truncated ? (
        <p className="note">
          More scans were made in the last hour than the monitor reads at once; the chart and the last hour’s
          figures may be low.
        </p>
      ) : null}

      <dl className="monitor-figures">
        <div className={`figure-inside figure-${occupancy.level}`}>
          <dt>Inside now</dt>
          <dd data-testid="inside-count" aria-busy={counting}>
            {figure(m.inside)}
          </dd>
          {event?.capacity ? (
            <dd className="small" data-testid="inside-capacity">
              of {formatCount(event.capacity)}
            </dd>
          ) : null}
        </div>
        <div>
          <dt>Admitted, last hour</dt>
          <dd data-testid="admitted-hour">{hourFigure(totals.admitted)}</dd>
        </div>
        <div>
          <dt>Turned away, last hour</dt>
          <dd data-testid="rejected-hour">{hourFigure(totals.rejected)}</dd>
        </div>
        <div>
          <dt>Exits, last hour</dt>
          <dd>{hourFigure(totals.exited)}</dd>
        </div>
        <div>
          <dt>Admitted by phone · paper · manual</dt>
          <dd data-testid="admitted-by-credential">
            {counting
              ? '…'
              : `${formatCount(m.admittedBy.rotating)} · ${formatCount(m.admittedBy.paper)} · ${formatCount(m.admittedBy.manual)}`}
          </dd>
        </div>
      </dl>

      <section className="panel" aria-labelledby="chart-title">
        <h2 id="chart-title">Admissions per minute</h2>
        {readingHour ? <Loading what="the last hour’s scans" /> : null}
        <AdmissionsChart buckets={buckets} />
      </section>

      <div className="monitor-split">
        <section className="panel" aria-labelledby="doors-title">
          <h2 id="doors-title">Doors</h2>
          {m.devicesForbidden ? (
            <p className="note small">
              This key cannot list paired devices (admin only); doors are shown from their scans.
            </p>
          ) : m.devices.state === 'error' ? (
            <ErrorNote message={m.devices.error} onRetry={() => void loadDevices()} />
          ) : null}
          {m.devices.state === 'loading' && !devices ? (
            <Loading what="doors" />
          ) : (
            <DoorTable rows={doors} now={now} />
          )}
        </section>
        <section className="panel" aria-labelledby="latest-title">
          <h2 id="latest-title">Latest scans</h2>
          <ScanAnnouncer scans={m.latest} historyReady={m.history.state === 'ready'} doorName={doorName} />
          <LatestScans scans={m.latest} doorName={doorName} />
        </section>
      </div>
    </section>
  );
}

/** Sounds the alarm whenever a loud alert is raised or grows, if the browser lets the page make sound. */
function useAlarm(serial: number): SoundSnapshot {
  const sound = useSyncExternalStore(subscribeSound, soundSnapshot);
  const last = useRef(serial);
  useEffect(() => {
    if (serial > last.current) playAlarm();
    last.current = serial;
  }, [serial]);
  return sound;
}

/**
 * Sounds the alarm once each time the venue becomes full (not again while it stays full); with
 * sound blocked it counts as missed, like any alarm.
 */
function useCapacityAlarm(level: OccupancyLevel): void {
  const last = useRef(level);
  useEffect(() => {
    if (level === 'full' && last.current !== 'full') playAlarm();
    last.current = level;
  }, [level]);
}

function SoundToggle({ sound }: { sound: SoundSnapshot }) {
  if (sound.state === 'unavailable')
    return <span className="badge badge-muted">No sound in this browser</span>;
  if (sound.state === 'on') {
    return (
      <span className="badge badge-good sound-state" data-alarms-played={sound.played}>
        Alarm sound on
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button button-small sound-state"
      data-alarms-played={sound.played}
      onClick={() => void enableSound()}
      title="Browsers play sound only after a click on the page"
    >
      🔇 Enable alarm sound{sound.missed > 0 ? ` (${sound.missed} missed)` : ''}
    </button>
  );
}
