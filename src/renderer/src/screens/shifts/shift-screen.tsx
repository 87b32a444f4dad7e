import { useEffect, useState } from 'react';
import { ShiftLeftOpen } from '../../components/shift-left-open.js';
import { ErrorNote, Loading } from '../../components/states.js';
import { formatMoney } from '../../lib/money.js';
import { endedElsewhereWords, openShiftWords, shiftPeopleWords } from '../../lib/shift-words.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { useTillCurrency } from '../../hooks/use-till-currency.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { useShift, type ClosedShift } from '../../stores/shift-store.js';
import { OpenShiftId, useNamedShift } from './open-shift-line.js';
import '../staff/staff.css';
import { CloseShiftForm } from './close-shift-form.js';
import { OpenShiftForm } from './open-shift-form.js';
import { PastShifts } from './past-shifts.js';
import {
  AdminShiftSignIn,
  askForPin,
  ShiftNeedsStaff,
  useAdminWithoutPin,
  useShiftNeedsStaff,
} from './shift-needs-staff.js';
import { ShiftReportView } from './shift-report.js';

/**
 * This till's shift: open it with a float, an X report at any time, close it with a blind count
 * into the Z report (printable on the receipt printer), and the shifts closed before.
 */
export function ShiftScreen() {
  const current = useShift((s) => s.current);
  const loadCurrent = useShift((s) => s.loadCurrent);
  const xReport = useShift((s) => s.xReport);
  const past = useShift((s) => s.past);
  const endedElsewhere = useShift((s) => s.endedElsewhere);
  const openPastReport = useShift((s) => s.openPastReport);
  const loadXReport = useShift((s) => s.loadXReport);
  const needsStaff = useShiftNeedsStaff();
  const adminWithoutPin = useAdminWithoutPin();
  const currency = useTillCurrency();
  // The venue's clock, as the X report below and Past shifts read it.
  const venueZone = useVenueTimeZone();
  const [closing, setClosing] = useState(false);
  const setCounting = useShift((s) => s.setCounting);
  useEffect(() => {
    setCounting(closing);
    return () => setCounting(false);
  }, [closing, setCounting]);
  const [closed, setClosed] = useState<(ClosedShift & { countedCents: number }) | null>(null);

  useEffect(() => {
    void loadCurrent();
  }, [loadCurrent]);

  const shift = current.data;
  const named = useNamedShift(shift?.id ?? null);
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Shift</h1>
      </header>
      {current.state === 'loading' && !current.data ? <Loading what="the shift" /> : null}
      {current.state === 'error' ? (
        <ErrorNote message={current.error} onRetry={() => void loadCurrent()} />
      ) : null}

      {closed ? (
        <>
          {closed.closedElsewhere ? (
            <p className="form-error" role="alert">
              This shift had already been closed on another screen; the Z report below is that close. The{' '}
              {formatMoney(closed.countedCents, currency)} counted here was not recorded.
            </p>
          ) : null}
          <ShiftReportView
            report={closed.report}
            currency={currency}
            people={shiftPeopleWords(past.data?.find((s) => s.id === closed.report.shift.id))}
            onDone={() => setClosed(null)}
          />
        </>
      ) : null}

      {!closed && endedElsewhere ? (
        <p className="form-warning" role="alert">
          {endedElsewhereWords(endedElsewhere, venueZone)}{' '}
          <button
            type="button"
            className="button button-small"
            onClick={() => void openPastReport(endedElsewhere.id)}
          >
            Show its Z report
          </button>
        </p>
      ) : null}

      {!closed && current.state === 'ready' && !shift && needsStaff === 'yes' ? <ShiftNeedsStaff /> : null}
      {!closed && current.state === 'ready' && !shift && needsStaff === 'no' ? (
        <>
          <h2>No shift is open on this till</h2>
          {adminWithoutPin ? <AdminShiftSignIn /> : <OpenShiftForm currency={currency} />}
        </>
      ) : null}

      {/* Held until the shift's names are read: the line growing under a seller's focus moved
          Close shift… down, out of a zoomed window, as the keyboard reached it. */}
      {!closed && shift && named === undefined ? <Loading what="the shift" /> : null}
      {!closed && shift && named !== undefined ? (
        <>
          <OpenShiftHeading openedAt={shift.opened_at} zone={venueZone} />
          <p className="muted" data-testid="open-shift-line">
            {/* In the report's money once it has one (its first sale's), as the report below says it. */}
            {openShiftWords(
              named,
              formatMoney(shift.opening_float_cents, xReport.data?.currency ?? currency),
            )}
          </p>
          <OpenShiftId id={shift.id} />
          <ShiftLeftOpen />
          {closing ? (
            <CloseShiftForm
              currency={currency}
              onCancel={() => setClosing(false)}
              onClosed={(result, countedCents) => {
                setClosing(false);
                setClosed({ ...result, countedCents });
              }}
            />
          ) : (
            <div className="detail-actions">
              <button type="button" className="button" onClick={() => void loadXReport()}>
                X report
              </button>
              <CloseShiftButton onClick={adminWithoutPin ? askForPin : () => setClosing(true)} />
            </div>
          )}
          {!closing && xReport.state === 'error' ? <ErrorNote message={xReport.error} /> : null}
          {!closing && xReport.data ? <ShiftReportView report={xReport.data} currency={currency} /> : null}
        </>
      ) : null}

      <PastShifts currency={currency} />
    </section>
  );
}

/** Takes the keyboard when the shift has just opened (the float form that had it is gone). */
function OpenShiftHeading({ openedAt, zone }: { openedAt: string; zone: string }) {
  const ref = useFocusIfLost<HTMLHeadingElement>();
  return (
    <h2 tabIndex={-1} ref={ref}>
      Shift open since {formatEventTime(openedAt, zone)}
    </h2>
  );
}

/** Takes the keyboard back when the count is cancelled (Cancel or Esc), as a dialog's opener does. */
function CloseShiftButton({ onClick }: { onClick: () => void }) {
  const ref = useFocusIfLost<HTMLButtonElement>();
  return (
    <button type="button" className="button button-primary" ref={ref} onClick={onClick}>
      Close shift…
    </button>
  );
}
