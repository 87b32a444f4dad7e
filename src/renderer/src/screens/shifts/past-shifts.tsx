import { useEffect } from 'react';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { businessDayWords } from '../../lib/shift-report.js';
import { formatEventTime } from '../../lib/zoned-time.js';
import { formatCount } from '../../lib/count.js';
import { countedWords, lateSalesFlag, shiftCurrency, shiftPeopleWords } from '../../lib/shift-words.js';
import { useVenueTimeZone } from '../../hooks/use-venue-time-zone.js';
import { pastShiftsShown, useShift } from '../../stores/shift-store.js';
import { useStaff } from '../../stores/staff-store.js';
import { ShiftReportView } from './shift-report.js';

/**
 * This till's closed shifts, newest first; each opens the Z report kept when it closed. Another
 * till's shifts are not listed: their drawers are counted there. Each is worded in the currency
 * it was opened in (`currency`, the till's, only for one that named none).
 */
export function PastShifts({ currency }: { currency: string }) {
  const past = useShift((s) => s.past);
  const loadPast = useShift((s) => s.loadPast);
  const pastReport = useShift((s) => s.pastReport);
  const openPastReport = useShift((s) => s.openPastReport);
  const tillKeyId = useStaff((s) => s.tillKeyId);
  const probed = useStaff((s) => s.mode !== 'unknown');
  // A shift found closed elsewhere is one of this till's past shifts now.
  const endedElsewhere = useShift((s) => s.endedElsewhere?.id);
  // Listed on the venue's clock, by the night each shift counts for, as its Z report says it.
  const zone = useVenueTimeZone();

  useEffect(() => {
    if (probed) void loadPast(tillKeyId);
  }, [loadPast, probed, tillKeyId, endedElsewhere]);

  const list = past.data ?? [];
  return (
    <section aria-label="Past shifts">
      <h2>Past shifts</h2>
      {past.state === 'error' ? (
        <ErrorNote message={past.error} onRetry={() => void loadPast(tillKeyId)} />
      ) : null}
      {past.state === 'ready' && list.length === 0 ? <Empty>No shift has been closed yet.</Empty> : null}
      {list.length >= pastShiftsShown ? (
        <p className="muted small">The latest {formatCount(pastShiftsShown)} shifts.</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="past-shifts">
          {list.map((shift) => {
            // A night with sales recorded after its count is flagged: its report explains an over.
            const late = lateSalesFlag(shift, currency);
            return (
              <li key={shift.id}>
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => void openPastReport(shift.id)}
                >
                  {businessDayWords(shift.opened_at, zone)} · closed {formatEventTime(shift.closed_at, zone)}{' '}
                  · <code>{shift.id}</code> · {countedWords(shift, currency)}
                  {shift.opened_by_name ? ` · ${shiftPeopleWords(shift)}` : null}
                  {late ? (
                    <>
                      {' · '}
                      <strong className="late-sales-flag">{late}</strong>
                    </>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {pastReport.state === 'loading' ? <Loading what="the Z report" /> : null}
      {pastReport.state === 'error' ? <ErrorNote message={pastReport.error} /> : null}
      {pastReport.data ? (
        // A Z report kept before shifts had a currency lacks it in its `shift`; the list has it.
        <ShiftReportView
          report={pastReport.data}
          people={shiftPeopleWords(list.find((s) => s.id === pastReport.data?.shift.id))}
          currency={shiftCurrency(
            list.find((s) => s.id === pastReport.data?.shift.id) ?? pastReport.data.shift,
            currency,
          )}
        />
      ) : null}
    </section>
  );
}
