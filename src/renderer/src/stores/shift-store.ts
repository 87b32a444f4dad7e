import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { ShiftReport, ShiftView } from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

/** Past shifts read on the Shift screen: the latest 200 (a till's year is about 300 nights). */
export const pastShiftPages = 2;
export const pastShiftsShown = pastShiftPages * 100;

/** What closing answered: the Z report, and whether another screen had closed the shift first. */
export interface ClosedShift {
  report: ShiftReport;
  /**
   * True when another tab or till closed the shift first: `report` is the Z report that close
   * kept, and the count typed here was not recorded.
   */
  closedElsewhere: boolean;
}

/**
 * A shift's report as the CSV the server writes (one file: the shift, its drawer, totals by
 * method and tier), fetched with the till's headers, never a key in a link (reports-store.ts).
 */
export async function fetchShiftReportCsv(shiftId: string): Promise<Blob> {
  return unwrap(
    requireClient().GET('/v2/shifts/{id}/report', {
      params: { path: { id: shiftId }, query: { format: 'csv' } },
      headers: { accept: 'text/csv' },
      parseAs: 'blob',
    }),
  );
}

/** One shift with its till's name (an order's, sold at another till or on an earlier night). */
export async function fetchShift(shiftId: string): Promise<ShiftView> {
  return unwrap(requireClient().GET('/v2/shifts/{id}', { params: { path: { id: shiftId } } }));
}

interface ShiftState {
  /** The shift open on this till (null when none is), as the server says. */
  current: Loadable<ShiftView | null>;
  /** The X report of the open shift, when asked for. */
  xReport: Loadable<ShiftReport>;
  /** Closed shifts, newest first. */
  past: Loadable<ShiftView[]>;
  /** The kept Z report of a past shift being looked at. */
  pastReport: Loadable<ShiftReport>;
  loadCurrent(): Promise<void>;
  /**
   * The shift this till showed as open, found closed since (another till or tab cashed it up):
   * said on the Shift screen, so nobody keeps selling into a drawer no report counts.
   */
  endedElsewhere: ShiftView | null;
  /**
   * Re-reads the till's open shift without a loading state (polled, and after a sale the server
   * put in another shift or none). An answer overtaken by this screen's own open or close is dropped.
   */
  refreshCurrent(): Promise<void>;
  /**
   * True while the Shift screen's blind count is open: a refresh then leaves the shift alone, so
   * the count is not swept away mid-typing; closing answers "already closed" with the kept Z report.
   */
  counting: boolean;
  setCounting(counting: boolean): void;
  /** A sale answered: when its `shift_id` is not the shift on screen, the screen is stale. */
  saleMade(shiftId: string | null): Promise<void>;
  /** Writes throw ApiRequestError for the forms. */
  /** `currency`: the drawer's money, kept with the float in the audit trail. */
  open(openingFloatCents: number, currency: string): Promise<ShiftView>;
  loadXReport(): Promise<void>;
  /** The blind count sent; answers the Z report (with the expected cash, now shown). */
  close(countedCashCents: number): Promise<ClosedShift>;
  /** `tillKeyId`: only that till's shifts (this till's, when known); every till's without. */
  loadPast(tillKeyId: string | null): Promise<void>;
  openPastReport(shiftId: string): Promise<void>;
  /** A till signed out: nothing of the last member's shift view stays on screen. */
  reset(): void;
}

export const useShift = create<ShiftState>()((set, get) => ({
  current: idle(),
  xReport: idle(),
  past: idle(),
  pastReport: idle(),
  endedElsewhere: null,
  counting: false,

  setCounting: (counting) => set({ counting }),

  async loadCurrent() {
    set({ current: loading(get().current) });
    try {
      const shift = await unwrap(requireClient().GET('/v2/shifts/current'));
      set({ current: ready(shift) });
    } catch (err) {
      // "No shift open" is an answer, not a failure.
      if (err instanceof ApiRequestError && err.status === 404) set({ current: ready(null) });
      else set({ current: failed(messageOf(err), get().current) });
    }
  },

  async refreshCurrent() {
    const before = get().current;
    if (before.state !== 'ready' || get().counting) return;
    let shift: ShiftView | null;
    try {
      shift = await unwrap(requireClient().GET('/v2/shifts/current'));
    } catch (err) {
      // Unreachable or refused: the offline banner says so; the screen keeps what it had.
      if (!(err instanceof ApiRequestError && err.status === 404)) return;
      shift = null;
    }
    if (get().current !== before || get().counting) return;
    const shown = before.data;
    if (shown?.id === shift?.id) return;
    set({
      current: ready(shift),
      xReport: idle(),
      ...(shown ? { endedElsewhere: shown } : {}),
    });
  },

  async saleMade(shiftId) {
    if (get().current.data?.id !== (shiftId ?? undefined)) await get().refreshCurrent();
  },

  async open(openingFloatCents, currency) {
    const shift = await unwrap(
      requireClient().POST('/v2/shifts', { body: { opening_float_cents: openingFloatCents, currency } }),
    );
    set({ current: ready(shift), xReport: idle(), endedElsewhere: null });
    return shift;
  },

  async loadXReport() {
    const shift = get().current.data;
    if (!shift) return;
    set({ xReport: loading(get().xReport) });
    try {
      const report = await unwrap(
        requireClient().GET('/v2/shifts/{id}/report', { params: { path: { id: shift.id } } }),
      );
      set({ xReport: ready(report) });
    } catch (err) {
      set({ xReport: failed(messageOf(err), get().xReport) });
    }
  },

  async close(countedCashCents) {
    const shift = get().current.data;
    if (!shift) throw new ApiRequestError(409, 'no_open_shift', 'No shift is open on this till.');
    const client = requireClient();
    let report: ShiftReport;
    let closedElsewhere = false;
    try {
      report = await unwrap(
        client.POST('/v2/shifts/{id}/close', {
          params: { path: { id: shift.id } },
          body: { counted_cash_cents: countedCashCents },
        }),
      );
    } catch (err) {
      if (!(err instanceof ApiRequestError && err.code === 'shift_closed')) throw err;
      // Another tab or till closed it meanwhile: the Z report that close kept is the one that counts.
      report = await unwrap(client.GET('/v2/shifts/{id}/report', { params: { path: { id: shift.id } } }));
      closedElsewhere = true;
    }
    // The shift as Past shifts lists it, with who opened and closed it by name (a Z report's
    // `shift` names nobody); the report's own if that read fails.
    const named = await unwrap(client.GET('/v2/shifts/{id}', { params: { path: { id: shift.id } } })).catch(
      () => report.shift,
    );
    const earlier = (get().past.data ?? []).filter((s) => s.id !== report.shift.id);
    set({ current: ready(null), xReport: idle(), past: ready([named, ...earlier]) });
    return { report, closedElsewhere };
  },

  async loadPast(tillKeyId) {
    set({ past: loading(get().past) });
    try {
      const client = requireClient();
      const till = tillKeyId ? { api_key_id: tillKeyId } : {};
      const all = await fetchAllPages(
        (cursor) =>
          unwrap(
            client.GET('/v2/shifts', {
              params: {
                query: {
                  status: 'closed',
                  order: 'newest_first',
                  limit: 100,
                  ...till,
                  ...(cursor ? { cursor } : {}),
                },
              },
            }),
          ),
        pastShiftPages,
      );
      // Newest first: last night's is the one looked for, and a year of shifts never pushes it out.
      set({ past: ready(all) });
    } catch (err) {
      set({ past: failed(messageOf(err), get().past) });
    }
  },

  async openPastReport(shiftId) {
    set({ pastReport: loading() });
    try {
      const report = await unwrap(
        requireClient().GET('/v2/shifts/{id}/report', { params: { path: { id: shiftId } } }),
      );
      set({ pastReport: ready(report) });
    } catch (err) {
      set({ pastReport: failed(messageOf(err)) });
    }
  },

  reset: () => set({ current: idle(), xReport: idle(), endedElsewhere: null, counting: false }),
}));
