import { useEffect, useId } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import type { ShiftReport } from '../../api/types.js';
import { ReportFigures, ReportTable } from '../../components/report-parts.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { shiftReportParts } from '../../lib/shift-report.js';
import { lateSalesWords } from '../../lib/shift-words.js';
import { useEvents } from '../../stores/events-store.js';
import { useSettings } from '../../stores/settings-store.js';
import { ZReportActions } from './z-report-actions.js';

/**
 * An X report (the shift still open) or Z report (closed, with the count), on screen and, for a
 * Z, on the receipt printer: the same 80 mm roll layout as the ticket slips.
 */
/**
 * The one report whose printed copy is in the page. The Shift screen can show an X report and a
 * past Z report at once; each keeping its own copy after printing sent both to the roll.
 */
const usePrintedReport = create<{ owner: string | null; requests: number }>(() => ({
  owner: null,
  requests: 0,
}));

export function ShiftReportView({
  report,
  currency,
  people,
  onDone,
}: {
  report: ShiftReport;
  currency: string;
  /** Who opened and closed it, in words ("opened by Sam, closed by Maria"), when known. */
  people?: string | null | undefined;
  /**
   * Puts the report away (the Z report just closed): its Done sits in the report's own action row,
   * as below the card it read as part of Past shifts underneath.
   */
  onDone?: (() => void) | undefined;
}) {
  const venue = useSettings((s) => s.settings.data?.venue_name ?? '');
  // The venue's clock, as the CSV, Past shifts and Takings read it, whatever zone the shift's events are in.
  const venueZone = useVenueTimeZone();
  const id = useId();
  const printing = usePrintedReport((s) => (s.owner === id ? s.requests : 0));
  const events = useEvents((s) => s.events);
  const loadEvents = useEvents((s) => s.loadEvents);
  // The tier rows name their events when the shift sold for several, and say which were
  // cancelled: read afresh for each report, as an event may have been cancelled at another till.
  const soldTickets = report.by_tier.length > 0;
  useEffect(() => {
    if (soldTickets) void loadEvents();
  }, [soldTickets, report.shift.id, loadEvents]);
  const parts = shiftReportParts(report, currency, (id) => events.data?.find((e) => e.id === id), {
    venue: venueZone,
  });
  const kind = parts.kind;
  // The printed copy is in the page by the time effects run: print it then.
  useEffect(() => {
    if (printing) window.print();
  }, [printing]);
  const title = `${kind} report · ${parts.shiftId}`;
  const late = lateSalesWords(report, currency);
  // After Close shift the confirm step that had the keyboard is gone: the Z report takes it.
  const region = useFocusIfLost<HTMLElement>();
  return (
    <section className="panel" aria-label={title} tabIndex={-1} ref={region}>
      <h2>{title}</h2>
      <p className="muted">
        {parts.businessDay} · {parts.period}
        {people ? ` · ${people}` : null}
      </p>
      <ReportFigures figures={parts.figures} />
      {late ? (
        <p className="form-warning" role="note" data-testid="late-sales">
          {late}
        </p>
      ) : null}
      {parts.breakdowns.map((b) => (
        <ReportTable key={b.title} breakdown={b} />
      ))}
      <div className="detail-actions no-print">
        <button
          type="button"
          className="button"
          onClick={() => usePrintedReport.setState((s) => ({ owner: id, requests: s.requests + 1 }))}
        >
          Print {kind} report
        </button>
        {report.kind === 'z' ? <ZReportActions shiftId={report.shift.id} /> : null}
        {onDone ? (
          <button type="button" className="button" onClick={onDone}>
            Done
          </button>
        ) : null}
      </div>
      {printing ? <PrintedReport title={title} venue={venue} parts={parts} late={late} /> : null}
    </section>
  );
}

function PrintedReport({
  title,
  venue,
  parts,
  late,
}: {
  title: string;
  venue: string;
  parts: ReturnType<typeof shiftReportParts>;
  late: string | null;
}) {
  return createPortal(
    <div className="print-only print-z-report" aria-hidden="true">
      <div className="print-venue">{venue}</div>
      <h2>{title}</h2>
      <div>{parts.businessDay}</div>
      <div>{parts.period}</div>
      <div className="print-rule" />
      <table>
        <tbody>
          {parts.figures.map((f) => (
            <tr key={f.label}>
              <td>{f.label}</td>
              <td>{f.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {late ? <div>{late}</div> : null}
      {parts.breakdowns.map((b) => (
        <div key={b.title}>
          <div className="print-rule" />
          <strong>{b.title}</strong>
          {/* The roll has no room for a table head: the figures' names, in their order, instead. */}
          <div className="print-columns">{b.columns.slice(1).join(' · ')}</div>
          <table>
            <tbody>
              {b.rows.map((row) => (
                <tr key={row.join('|')}>
                  <td>{row[0]}</td>
                  <td>{row.slice(1).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>,
    document.body,
  );
}
