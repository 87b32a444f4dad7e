import { invalidField } from '../errors.js';
import type { AuditEventView, AuditQueryInput } from '../schemas/audit.js';
import type { AuditRepo, AuditRow } from '../store/audit-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import { parseIso, toIso } from '../time.js';

export function viewAuditEvent(row: AuditRow): AuditEventView {
  return {
    id: row.id,
    action: row.action,
    object_type: row.object_type,
    object_id: row.object_id,
    order_id: row.order_id,
    actor: { api_key_id: row.api_key_id, device_id: row.device_id, staff_id: row.staff_id },
    at: toIso(row.at),
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

/** Reading the audit trail; the action runner writes it (domain/action-runner.ts). */
export class AuditTrail {
  constructor(private readonly repo: AuditRepo) {}

  list(query: AuditQueryInput): Page<AuditEventView> {
    const since = query.since === undefined ? undefined : parseIso(query.since);
    if (since !== undefined && Number.isNaN(since)) throw invalidField('since', 'since is not a time.');
    const limit = query.limit ?? 20;
    const filters = { objectId: query.object_id, actor: query.actor, since };
    const newestFirst = query.order === 'newest_first';
    const list = new ListCursor('audit_events', { ...filters, newestFirst: newestFirst || undefined });
    const rows = this.repo.page(filters, list.decode(query.cursor), limit + 1, newestFirst);
    return toPage(rows, limit, viewAuditEvent, list);
  }
}
