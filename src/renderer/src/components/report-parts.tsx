import type { Breakdown, Figure } from '../lib/report-figures.js';

/** Draws the figures and breakdown tables of the shift (X/Z) reports and the event report. */
export function ReportFigures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="report-figures">
      {figures.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd data-testid={`figure-${f.label}`} className={f.tone}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReportTable({ breakdown }: { breakdown: Breakdown }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={breakdown.title}>
        <caption>{breakdown.title}</caption>
        <thead>
          <tr>
            {breakdown.columns.map((c, i) => (
              <th key={c} className={i > 0 ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {breakdown.rows.length === 0 ? (
            <tr>
              <td colSpan={breakdown.columns.length} className="muted">
                Nothing yet.
              </td>
            </tr>
          ) : (
            breakdown.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) => (
                  <td key={i} className={i > 0 ? 'num' : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
