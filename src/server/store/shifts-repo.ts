import type { Db } from './db.js';

export interface ShiftRow {
  seq: number;
  id: string;
  /** The till's key: a shift belongs to the till it was opened on. */
  api_key_id: string;
  device_id: string | null;
  opened_by: string;
  opening_float_cents: number;
  opened_at: number;
  closed_at: number | null;
  closed_by: string | null;
  counted_cash_cents: number | null;
  /** The drawer's money named when it opened (its `shift.opened` audit row's; migration 021), if any. */
  currency: string | null;
  /** The Z report as JSON, kept when the shift closed. */
  z_report: string | null;
}

/** A shift as lists read it: with its opener's and closer's names as they are now. */
export interface NamedShiftRow extends ShiftRow {
  opened_by_name: string | null;
  closed_by_name: string | null;
}

export interface ShiftClosing {
  closedBy: string;
  countedCashCents: number;
  at: number;
  zReport: string;
}

/** Shifts (migration 008): at most one open per till key. */
export class ShiftsRepo {
  private readonly byId;
  private readonly openIdStmt;
  private readonly insertStmt;
  private readonly closeStmt;
  private readonly pageStmt;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT * FROM shifts WHERE id = ?');
    // On every sale, refund and void: one probe of the partial index `shifts_one_open_per_key`.
    this.openIdStmt = db.prepare('SELECT id FROM shifts WHERE api_key_id = ? AND closed_at IS NULL').pluck();
    this.insertStmt = db.prepare(
      `INSERT INTO shifts (id, api_key_id, device_id, opened_by, opening_float_cents, opened_at,
         closed_at, closed_by, counted_cash_cents, currency, z_report)
       VALUES (@id, @api_key_id, @device_id, @opened_by, @opening_float_cents, @opened_at,
         @closed_at, @closed_by, @counted_cash_cents, @currency, @z_report)`,
    );
    this.closeStmt = db.prepare(
      `UPDATE shifts SET closed_at = @at, closed_by = @closedBy, counted_cash_cents = @countedCashCents,
         z_report = @zReport
       WHERE id = @id AND closed_at IS NULL`,
    );
    const pageSql = (direction: 'ASC' | 'DESC') =>
      `SELECT s.*, so.name AS opened_by_name, sc.name AS closed_by_name
       FROM shifts s LEFT JOIN staff so ON so.id = s.opened_by LEFT JOIN staff sc ON sc.id = s.closed_by
       WHERE s.seq ${direction === 'ASC' ? '>' : '<'} @after
         AND (@status IS NULL OR (@status = 'open') = (s.closed_at IS NULL))
         AND (@key IS NULL OR s.api_key_id = @key)
       ORDER BY s.seq ${direction} LIMIT @limit`;
    this.pageStmt = [db.prepare(pageSql('ASC')), db.prepare(pageSql('DESC'))] as const;
  }

  find(id: string): ShiftRow | undefined {
    return this.byId.get(id) as ShiftRow | undefined;
  }

  /** The id of the till's open shift, if it has one. */
  openFor(apiKeyId: string | null): string | null {
    if (apiKeyId === null) return null;
    return (this.openIdStmt.get(apiKeyId) as string | undefined) ?? null;
  }

  insert(row: Omit<ShiftRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  /** False when it was closed already (nothing changes). */
  close(id: string, closing: ShiftClosing): boolean {
    return this.closeStmt.run({ id, ...closing }).changes === 1;
  }

  page(
    filter: { status?: 'open' | 'closed'; apiKeyId?: string },
    afterSeq: number,
    limit: number,
    newestFirst = false,
  ): NamedShiftRow[] {
    return this.pageStmt[newestFirst ? 1 : 0].all({
      after: newestFirst && afterSeq === 0 ? Number.MAX_SAFE_INTEGER : afterSeq,
      status: filter.status ?? null,
      key: filter.apiKeyId ?? null,
      limit,
    }) as NamedShiftRow[];
  }
}
