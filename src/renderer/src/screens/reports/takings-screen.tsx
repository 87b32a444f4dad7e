import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { unwrap } from '../../api/client.js';
import type { SalesReport } from '../../api/types.js';
import { ReportFigures, ReportTable } from '../../components/report-parts.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { failed, idle, loading, ready, type Loadable } from '../../lib/loadable.js';
import { periodRange, takingsParts, takingsPeriods, type TakingsPeriod } from '../../lib/takings.js';
import { tillTimeZone } from '../../lib/zoned-time.js';
import { Link } from '../../router.js';
import { requireClient } from '../../stores/session-store.js';

/** A manager's takings by month and by event over a period (GET /v2/reports/sales). */
export function TakingsScreen() {
  const [period, setPeriod] = useState<TakingsPeriod>('last_12_months');
  const [report, setReport] = useState<Loadable<SalesReport>>(idle());

  const load = useCallback(async (chosen: TakingsPeriod) => {
    setReport((r) => loading(r));
    try {
      const zone = tillTimeZone();
      const range = periodRange(chosen, Date.now(), zone);
      const answer = await unwrap(
        requireClient().GET('/v2/reports/sales', { params: { query: { ...range, timezone: zone } } }),
      );
      setReport(ready(answer));
    } catch (err) {
      setReport((r) => failed(messageOf(err), r));
    }
  }, []);

  useEffect(() => {
    void load(period);
  }, [period, load]);

  const parts = report.data ? takingsParts(report.data) : null;
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
      </p>
      {report.state === 'loading' && !report.data ? <Loading what="takings" /> : null}
      {report.state === 'error' ? (
        <ErrorNote message={report.error} onRetry={() => void load(period)} />
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
