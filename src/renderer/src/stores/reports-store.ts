import { create } from 'zustand';
import { messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import type { EventReport } from '../api/types.js';
import type { CsvExport } from '../lib/csv-download.js';
import { failed, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { requireClient } from './session-store.js';

interface ReportsState {
  /** Event reports by event id. */
  reports: Record<string, Loadable<EventReport>>;
  loadReport(eventId: string): Promise<void>;
}

/**
 * One export as a Blob. Fetched through the API client, so the key and the staff session go in
 * headers, never in a URL; `format=csv` answers every row of the event, not one page.
 */
export async function fetchCsv(kind: CsvExport, eventId: string): Promise<Blob> {
  const client = requireClient();
  const init = {
    params: { query: { event_id: eventId, format: 'csv' as const } },
    headers: { accept: 'text/csv' },
    parseAs: 'blob' as const,
  };
  if (kind === 'orders') return unwrap(client.GET('/v2/orders', init));
  if (kind === 'attendees') return unwrap(client.GET('/v2/attendees', init));
  return unwrap(client.GET('/v2/scans', init));
}

export const useReports = create<ReportsState>()((set, get) => ({
  reports: {},

  async loadReport(eventId) {
    const previous = get().reports[eventId];
    set({ reports: { ...get().reports, [eventId]: loading(previous) } });
    try {
      const report = await unwrap(
        requireClient().GET('/v2/reports/events/{id}', { params: { path: { id: eventId } } }),
      );
      set({ reports: { ...get().reports, [eventId]: ready(report) } });
    } catch (err) {
      set({ reports: { ...get().reports, [eventId]: failed(messageOf(err), previous ?? idle()) } });
    }
  },
}));
