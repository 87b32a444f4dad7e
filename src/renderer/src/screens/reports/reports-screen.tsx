import { useEffect } from 'react';
import { EventOptions } from '../../components/event-options.js';
import { ReportFigures, ReportTable } from '../../components/report-parts.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { csvFileName, exportTimeZone, type CsvExport } from '../../lib/csv-download.js';
import { eventReportParts } from '../../lib/event-report.js';
import { pickDefaultEvent } from '../../lib/monitor-event.js';
import { useNow } from '../../hooks/use-now.js';
import { useFileSave } from '../../hooks/use-file-save.js';
import { tillTimeZone } from '../../lib/zoned-time.js';
import { Link, navigate, Redirect } from '../../router.js';
import { useEvents } from '../../stores/events-store.js';
import { fetchCsv, useReports } from '../../stores/reports-store.js';
import { useSettings } from '../../stores/settings-store.js';
import '../staff/staff.css';
import { SalesChart } from './sales-chart.js';

const exports: readonly { kind: CsvExport; label: string }[] = [
  { kind: 'orders', label: 'Orders CSV' },
  { kind: 'attendees', label: 'Attendees CSV' },
  { kind: 'scans', label: 'Scans CSV' },
];

/**
 * Tonight at a glance for one event: sales by tier, payment method and channel, refunds and
 * comps, net, admissions against sold, who has not arrived, sales over time; and its CSVs.
 */
export function ReportsScreen({ eventId }: { eventId: string | null }) {
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  const now = useNow();
  const report = useReports((s) => (eventId ? s.reports[eventId] : undefined));
  const loadReport = useReports((s) => s.loadReport);
  const venueZone = useSettings((s) => s.settings.data?.venue_timezone);
  const { busy, error: downloadError, save: saveFile } = useFileSave<CsvExport>();

  useEffect(() => {
    if (events.state === 'idle') void loadEvents();
  }, [events.state, loadEvents]);
  useEffect(() => {
    if (eventId) void loadReport(eventId);
  }, [eventId, loadReport]);

  const list = events.data ?? [];
  if (!eventId) {
    // Tonight's show (the published one whose doors are nearest), not the first of the year.
    const pick = pickDefaultEvent(list, now) ?? list[0];
    if (pick) return <Redirect to={`/reports/${pick.id}`} />;
  }

  const listedZone = list.find((e) => e.id === eventId)?.timezone;
  const save = (kind: CsvExport) => {
    if (!eventId) return;
    const name = csvFileName(
      kind,
      eventId,
      new Date(),
      exportTimeZone(listedZone, venueZone, tillTimeZone()),
    );
    void saveFile(kind, () => fetchCsv(kind, eventId), name);
  };

  const parts = report?.data ? eventReportParts(report.data) : null;
  // The chart reads its times on the event's clock (the venue's until the list has the event).
  const eventZone = exportTimeZone(listedZone, venueZone, tillTimeZone());
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Reports</h1>
        <Link to="/reports/takings">Takings by month</Link>
        <select
          aria-label="Event"
          value={eventId ?? ''}
          onChange={(e) => navigate(`/reports/${e.target.value}`)}
        >
          <EventOptions events={list} />
        </select>
      </header>
      {events.state === 'ready' && list.length === 0 ? <Empty>No events yet.</Empty> : null}
      {eventId ? (
        <div className="detail-actions" aria-label="Downloads">
          {exports.map((x) => (
            <button
              key={x.kind}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => save(x.kind)}
            >
              {busy === x.kind ? 'Downloading…' : x.label}
            </button>
          ))}
        </div>
      ) : null}
      {downloadError ? (
        <p className="form-error" role="alert">
          {downloadError}
        </p>
      ) : null}
      {report?.state === 'loading' && !report.data ? <Loading what="the report" /> : null}
      {report?.state === 'error' && eventId ? (
        <ErrorNote message={report.error} onRetry={() => void loadReport(eventId)} />
      ) : null}
      {parts ? (
        <>
          <p className="muted small">
            The event's whole life so far: a refund made after the night is in these refunds, and Takings by
            month counts it when it was made.
          </p>
          <ReportFigures figures={parts.figures} />
          <h2>Sales over time</h2>
          <SalesChart
            series={parts.series}
            bucketMinutes={parts.bucketMinutes}
            currency={parts.currency}
            timeZone={eventZone}
          />
          {parts.breakdowns.map((b) => (
            <ReportTable key={b.title} breakdown={b} />
          ))}
        </>
      ) : null}
    </section>
  );
}
