import type { AuditEventView } from '../../api/types.js';
import { auditWords, type ActorNames } from '../../lib/audit-words.js';
import { formatDateTime } from '../../lib/datetime.js';
import { useTillCurrency } from '../../hooks/use-till-currency.js';

/** Audit rows as sentences, newest first: when, then who did what. */
export function AuditList({ events, names }: { events: readonly AuditEventView[]; names: ActorNames }) {
  // For rows written before amounts carried their currency (a shift's float, its count).
  const currency = useTillCurrency();
  return (
    <ol className="audit-list" aria-label="Audit trail">
      {events.map((event) => (
        <li key={event.id} data-action={event.action}>
          <span className="muted small">{formatDateTime(event.at)}</span> {auditWords(event, names, currency)}
        </li>
      ))}
    </ol>
  );
}
