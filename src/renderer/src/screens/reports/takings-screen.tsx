import { useCallback, useEffect, useRef, useState } from 'react';
import { timeZoneLabel } from '../../../../shared/attendee-time.js';
import { messageOf } from '../../api/api-error.js';
import { unwrap } from '../../api/client.js';
import type { SalesReport } from '../../api/types.js';
import { ReportFigures, ReportTable } from '../../components/report-parts.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { failed, idle, loading, ready, type Loadable } from '../../lib/loadable.js';
import { periodRange, takingsParts, takingsPeriods, type TakingsPeriod } from '../../lib/takings.js';
import { useKnownVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { Link } from '../../router.js';
import { requireClient } from '../../stores/session-store.js';

/**
 * A manager's takings by month and by event over a period (GET /v2/reports/sales), on the venue's
 * clock (Settings › Venue), whatever zones its events are in: a laptop in another zone, or a
 * stream from Berlin, must not move a sale at 00:30 on the 1st into the month before.
 */
export function TakingsScreen() {
  const [period, setPeriod] = useState<TakingsPeriod>('last_12_months');
  const [report, setReport] = useState<Loadable<SalesReport>>(idle());
  // Null until the settings are read: the figures are asked for on the venue's clock only.
  const zone = useKnownVenueTimeZone();
  // Only the latest question's answer shows (a period chosen while another was on its way).
  const asked = useRef(0);

  const load = useCallback(async (chosen: TakingsPeriod, venueZone: string) => {
    const question = ++asked.current;
    setReport((r) => loading(r));
    try {
      const range = periodRange(chosen, Date.now(), venueZone);
      const answer = await unwrap(
        requireClient().GET('/v2/reports/sales', { params: { query: { ...range, timezone: venueZone } } }),
      );
      if (question === asked.current) setReport(ready(answer));
    } catch (err) {
      if (question === asked.current) setReport((r) => failed(messageOf(err), r));
    }
  }, []);

  useEffect(() => {
    if (zone) void load(period, zone);
  }, [period, zone, load]);

  const parts = report.data ? takingsParts(report.data) : null;
  // The clock the figures shown were asked on (the report says), else the one they will be.
  const shownZone = report.data?.timezone ?? zone;
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Takings</h1>
        <div className="head-actions">
          <select
            aria-label="Period"
            value={period}
            onChange={(e) => setPeriod(e.target.value as TakingsPeriod)}
          >
            {takingsPeriods.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
          <Link to="/reports">One event</Link>
        </div>
      </header>
      <p className="muted small">
        Money counts when it moved: an order in the month it was placed, a refund in the month it was made.
        {shownZone
          ? ` Months and doors are on ${timeZoneLabel(shownZone)} (${shownZone}), the venue’s clock (Settings › Venue); the CSV exports date each order on its own event’s clock.`
          : null}
      </p>
      {(report.state === 'loading' || !zone) && !report.data ? <Loading what="takings" /> : null}
      {report.state === 'error' && zone ? (
        <ErrorNote message={report.error} onRetry={() => void load(period, zone)} />
      ) : null}
      {parts && parts.figures.length === 0 ? <Empty>No sales or refunds in this period.</Empty> : null}
      {parts && parts.figures.length > 0 ? (
        <>
          <ReportFigures figures={parts.figures} />
          {parts.tables.map((t) => (
            <ReportTable key={t.title} breakdown={t} />
          ))}
        </>
      ) : null}
    </section>
  );
}
