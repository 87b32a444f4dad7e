import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { ShiftReport, ShiftView } from '../api/types.js';
import { failed, fetchAllPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

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
  /** Writes throw ApiRequestError for the forms. */
  /** `currency`: the drawer's money, kept with the float in the audit trail. */
  open(openingFloatCents: number, currency: string): Promise<ShiftView>;
  loadXReport(): Promise<void>;
  /** The blind count sent; answers the Z report (with the expected cash, now shown). */
  close(countedCashCents: number): Promise<ClosedShift>;
  loadPast(): Promise<void>;
  openPastReport(shiftId: string): Promise<void>;
  /** A till signed out: nothing of the last member's shift view stays on screen. */
  reset(): void;
}

export const useShift = create<ShiftState>()((set, get) => ({
  current: idle(),
  xReport: idle(),
  past: idle(),
  pastReport: idle(),

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

  async open(openingFloatCents, currency) {
    const shift = await unwrap(
      requireClient().POST('/v2/shifts', { body: { opening_float_cents: openingFloatCents, currency } }),
    );
    set({ current: ready(shift), xReport: idle() });
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
    const earlier = (get().past.data ?? []).filter((s) => s.id !== report.shift.id);
    set({ current: ready(null), xReport: idle(), past: ready([report.shift, ...earlier]) });
    return { report, closedElsewhere };
  },

  async loadPast() {
    set({ past: loading(get().past) });
    try {
      const client = requireClient();
      const all = await fetchAllPages(
        (cursor) =>
          unwrap(
            client.GET('/v2/shifts', {
              params: { query: { status: 'closed', limit: 100, ...(cursor ? { cursor } : {}) } },
            }),
          ),
        20,
      );
      // The server lists oldest first; the last night is the one looked for.
      set({ past: ready(all.reverse()) });
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

  reset: () => set({ current: idle(), xReport: idle() }),
}));
