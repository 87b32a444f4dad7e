import type { AuditEventView } from '../../api/types.js';
import { auditWords, type ActorNames } from '../../lib/audit-words.js';
import { formatDateTime } from '../../lib/datetime.js';

/** Audit rows as sentences, newest first: when, then who did what. */
export function AuditList({ events, names }: { events: readonly AuditEventView[]; names: ActorNames }) {
  return (
    <ol className="audit-list" aria-label="Audit trail">
      {events.map((event) => (
        <li key={event.id} data-action={event.action}>
          <span className="muted small">{formatDateTime(event.at)}</span> {auditWords(event, names)}
        </li>
      ))}
    </ol>
  );
}
