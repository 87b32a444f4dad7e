import { ApiError, conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { responseJson } from '../schemas/response-json.js';
import {
  Shift,
  ShiftReport,
  type ShiftCloseInput,
  type ShiftOpenInput,
  type ShiftReportView,
  type ShiftView,
} from '../schemas/shifts.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { ShiftReportRepo } from '../store/shift-report-repo.js';
import type { NamedShiftRow, ShiftRow, ShiftsRepo } from '../store/shifts-repo.js';
import { sqliteCode } from '../store/sqlite-errors.js';
import { isoOrNull, toIso } from '../time.js';
import type { Actor, ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { currentEventWindow } from './devices.js';
import type { CsvExport } from './exports.js';
import { lateSales } from './late-sales.js';
import { shiftReport } from './shift-report.js';
import { shiftReportCsv, type ShiftEventLabel } from './shift-report-csv.js';

const shiftJson = responseJson(Shift);
const reportJson = responseJson(ShiftReport);

export const viewShift = (row: ShiftRow): ShiftView => ({
  id: row.id,
  status: row.closed_at === null ? 'open' : 'closed',
  api_key_id: row.api_key_id,
  device_id: row.device_id,
  opening_float_cents: row.opening_float_cents,
  opened_at: toIso(row.opened_at),
  opened_by: row.opened_by,
  closed_at: isoOrNull(row.closed_at),
  closed_by: row.closed_by,
  counted_cash_cents: row.counted_cash_cents,
  currency: row.currency,
  // The count's money as the Z report words it: a shift opened in dollars with no float that took
  // only euros was counted in euros, and the past shifts list must say so as its report does.
  ...(row.z_report === null ? {} : { counted_currency: countedCurrency(row.z_report) }),
});

/**
 * With the names of who opened and closed it, read with the list (staff are never deleted, so a
 * member who has left is still named): Past shifts names people, not `stf_` ids.
 */
const viewNamedShift = (row: NamedShiftRow): ShiftView => ({
  ...viewShift(row),
  opened_by_name: row.opened_by_name,
  closed_by_name: row.closed_by_name,
});

function countedCurrency(zReport: string): string | null {
  const report = JSON.parse(zReport) as { currency?: string | null };
  return report.currency ?? null;
}

const alreadyOpen = (id: string) =>
  conflict(
    'shift_already_open',
    `This till already has an open shift (${id}); close it before opening another.`,
  );

/** Who opens or closes: the route requires a staff session (http/staff-session.ts), checked again here. */
function staffOf(actor: Actor): { staffId: string; apiKeyId: string } {
  if (actor.staffId === null || actor.apiKeyId === null)
    throw new ApiError(403, 'staff_sign_in_required', 'A staff member must be signed in at this till.');
  return { staffId: actor.staffId, apiKeyId: actor.apiKeyId };
}

/** Audit data names the currency only when one is known (old rows and readers do without it). */
const currencyField = (currency: string | null | undefined): { currency?: string } =>
  currency ? { currency } : {};

export interface ShiftsDeps {
  actions: ActionRunner;
  shifts: ShiftsRepo;
  reports: ShiftReportRepo;
  events: EventsRepo;
  now: () => number;
  /** The venue's clock (Settings): a shift's day and times in its report CSV. */
  venueTimeZone: () => string;
}

/**
 * Shifts and cash-up (CONTRACT.md "Staff, shifts, reports, audit"): a till opens one with a float;
 * its orders, refunds and voids carry the shift while it is open (checkout.ts, refund-ledger.ts);
 * closing it with the counted cash computes and keeps the Z report in the same transaction.
 */
export class ShiftsService {
  constructor(private readonly deps: ShiftsDeps) {}

  require(id: string): ShiftRow {
    const row = this.deps.shifts.find(id);
    if (!row) throw notFound('shift', id);
    return row;
  }

  get(id: string): ShiftView {
    return viewShift(this.require(id));
  }

  /**
   * One shift with its till's name, for a till refunding an order sold at another (or in an
   * earlier shift): staff read where the sale was, not a key id. Read here, not kept with the
   * shift or the order: checkout writes nothing more for it.
   */
  getNamed(id: string): ShiftView {
    const shift = this.get(id);
    const labels = this.deps.reports.labels(id);
    return {
      ...shift,
      till_name: labels.till_name,
      opened_by_name: labels.opened_by_name,
      closed_by_name: labels.closed_by_name,
    };
  }

  list(
    filter: {
      status?: 'open' | 'closed' | undefined;
      apiKeyId?: string | undefined;
      newestFirst?: boolean | undefined;
    },
    limit: number,
    cursor: string | undefined,
  ): Page<ShiftView> {
    const { status, apiKeyId, newestFirst } = filter;
    const list = new ListCursor('shifts', {
      status,
      api_key_id: apiKeyId,
      newestFirst: newestFirst || undefined,
    });
    const page = this.deps.shifts.page(
      { ...(status ? { status } : {}), ...(apiKeyId ? { apiKeyId } : {}) },
      list.decode(cursor),
      limit + 1,
      newestFirst === true,
    );
    return toPage(page, limit, (row) => this.listedShift(row), list);
  }

  /**
   * A listed shift; a closed one with its late sales read now, as its report reads them, so Past
   * shifts can flag the nights whose count needs a second look without opening every report.
   */
  private listedShift(row: NamedShiftRow): ShiftView {
    const shift = viewNamedShift(row);
    if (row.closed_at === null) return shift;
    return {
      ...shift,
      ...lateSales(this.deps.reports, row.id, row.closed_at, shift.counted_currency ?? null),
    };
  }

  /** The till's open shift; 404 when it has none. */
  current(apiKeyId: string): ShiftView {
    const id = this.deps.shifts.openFor(apiKeyId);
    if (id === null) throw new ApiError(404, 'resource_missing', 'This till has no open shift.');
    return this.get(id);
  }

  /**
   * The drawer's money when the till does not say: tonight's event's. Kept with the shift and in
   * its audit row to word the float and the count; the report's rules say when it is the drawer's.
   */
  private tonightsCurrency(): string | undefined {
    return this.deps.events.current(this.deps.now(), currentEventWindow)?.currency;
  }

  open(action: ActionContext, input: ShiftOpenInput): Promise<Answer<ShiftView>> {
    const { staffId, apiKeyId } = staffOf(action.actor);
    return this.deps.actions.run(action, shiftJson, (tx) => {
      const openId = this.deps.shifts.openFor(apiKeyId);
      if (openId !== null) throw alreadyOpen(openId);
      // A float is money in some currency. Kept unnamed, the drawer took the currency of its first
      // sale or refund instead: the Z report had none (a later cash sale counted as 0 late cash),
      // or read a $50.00 float as ¥5000 after a yen sale. With no event tonight it is in the
      // venue's money as its nearest event has it (the contract's open names only the float, so
      // it is not refused); only a venue with no event at all leaves it unnamed. An empty drawer
      // still takes its first sale's money (the report's rule).
      const currency =
        input.currency ??
        this.tonightsCurrency() ??
        (input.opening_float_cents > 0 ? this.deps.events.nearestCurrency(this.deps.now()) : undefined) ??
        null;
      const row: Omit<ShiftRow, 'seq'> = {
        id: newId('shift'),
        api_key_id: apiKeyId,
        device_id: action.actor.deviceId,
        opened_by: staffId,
        opening_float_cents: input.opening_float_cents,
        opened_at: this.deps.now(),
        closed_at: null,
        closed_by: null,
        counted_cash_cents: null,
        currency,
        z_report: null,
      };
      try {
        this.deps.shifts.insert(row);
      } catch (err) {
        // The partial unique index settles two opens racing on one till.
        if (sqliteCode(err) === 'SQLITE_CONSTRAINT_UNIQUE') throw alreadyOpen('another');
        throw err;
      }
      tx.audit({
        action: 'shift.opened',
        objectType: 'shift',
        objectId: row.id,
        data: {
          opening_float_cents: row.opening_float_cents,
          ...currencyField(row.currency),
        },
      });
      return viewShift({ ...row, seq: 0 });
    });
  }

  /** The X report of an open shift as of now, or the Z report kept when it closed (as JSON). */
  reportJson(id: string): string {
    const row = this.require(id);
    if (row.z_report === null) return reportJson(this.xReport(row));
    const kept = this.keptReport(row, row.z_report);
    // Kept as it was written unless a late sale adds to it (a Z report kept by an older version
    // may lack fields the serializer now requires).
    return kept.late_sales ? JSON.stringify(kept) : row.z_report;
  }

  /**
   * The Z report kept at the close, with the shift's late sales (domain/late-sales.ts) read now:
   * the figures stay as counted, the orders settled after the close are named apart.
   */
  private keptReport(row: ShiftRow, zReport: string): ShiftReportView {
    const kept = JSON.parse(zReport) as ShiftReportView;
    if (row.closed_at === null) return kept;
    return { ...kept, ...lateSales(this.deps.reports, row.id, row.closed_at, kept.currency ?? null) };
  }

  /**
   * The same report as one CSV file, with the names of the till and the staff beside their ids,
   * and each tier line's event by title and status as they are now, read here and not kept in
   * the Z report: an event cancelled after the close is said to be.
   */
  reportCsv(id: string): CsvExport {
    const row = this.require(id);
    const report = row.z_report !== null ? this.keptReport(row, row.z_report) : this.xReport(row);
    const labels = this.deps.reports.labels(id);
    const events = new Map<string, ShiftEventLabel>();
    for (const eventId of new Set(report.by_tier.map((tier) => tier.event_id))) {
      const event = this.deps.events.find(eventId);
      if (!event) continue;
      events.set(eventId, { title: event.title, status: event.status });
    }
    return shiftReportCsv(report, {
      tillName: labels.till_name,
      deviceName: labels.device_name,
      openedByName: labels.opened_by_name,
      closedByName: labels.closed_by_name,
      fallbackCurrency: labels.audit_currency,
      events,
      // The venue's clock, as the till's screen, Past shifts and Takings read it: never the zone
      // of the events the shift sold for, or a touring show's would move the night to another day.
      timeZone: this.deps.venueTimeZone(),
    });
  }

  private xReport(row: ShiftRow): ShiftReportView {
    return shiftReport(this.deps.reports, viewShift(row), this.deps.now(), null);
  }

  /** Closes with the blind count; answers the Z report, which is kept with the shift. */
  close(action: ActionContext, id: string, input: ShiftCloseInput): Promise<Answer<ShiftReportView>> {
    const { staffId } = staffOf(action.actor);
    return this.deps.actions.run(action, reportJson, (tx) => {
      const row = this.require(id);
      if (row.closed_at !== null) {
        throw conflict(
          'shift_closed',
          `This shift was closed at ${toIso(row.closed_at)}; its Z report is at GET /v2/shifts/${id}/report.`,
        );
      }
      const at = this.deps.now();
      const closed: ShiftRow = {
        ...row,
        closed_at: at,
        closed_by: staffId,
        counted_cash_cents: input.counted_cash_cents,
      };
      const report = shiftReport(this.deps.reports, viewShift(closed), at, {
        countedCashCents: input.counted_cash_cents,
      });
      this.deps.shifts.close(id, {
        closedBy: staffId,
        countedCashCents: input.counted_cash_cents,
        at,
        zReport: reportJson(report),
      });
      tx.audit({
        action: 'shift.closed',
        objectType: 'shift',
        objectId: id,
        data: {
          counted_cash_cents: input.counted_cash_cents,
          expected_cash_cents: report.expected_cash_cents,
          over_short_cents: report.over_short_cents,
          // The currency of the shift's sales, as its report has it; a shift that sold nothing: tonight's.
          ...currencyField(report.currency ?? this.tonightsCurrency()),
        },
      });
      return report;
    });
  }
}
