import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import { ScanFeedConnection } from '../api/scan-feed.js';
import type { DeviceView, ScanView } from '../api/scan-types.js';
import { initialFeedStatus, type FeedStatus } from '../lib/feed-status.js';
import { failed, fetchAllPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { MonitorModel, type MonitorSnapshot } from '../lib/monitor-model.js';
import { requireClient, useSession } from './session-store.js';

/** The scan log is read 100 at a time; past this many pages the monitor says it stopped short. */
const maxHistoryPages = 500;
/** Live scans are taken in batches: a replay of thousands is one redraw, not thousands. */
const flushMs = 50;

export interface HistoryState {
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The scan log was longer than the monitor reads; counts before it are missing. */
  truncated: boolean;
}

interface MonitorState extends MonitorSnapshot {
  /** The event watched; null for every event. */
  eventId: string | null;
  feed: FeedStatus;
  history: HistoryState;
  devices: Loadable<DeviceView[]>;
  /** The key may not list devices (a box-office key): doors are then known only from their scans. */
  devicesForbidden: boolean;
  start(eventId: string | null): void;
  stop(): void;
  reconnectNow(): void;
  loadDevices(): Promise<void>;
  acknowledge(id: string): void;
  acknowledgeAll(): void;
  /** Slides the chart's window along (called by the screen's clock). */
  prune(now: number): void;
}

const emptyHistory: HistoryState = { state: 'idle', error: null, truncated: false };

/**
 * The live scan monitor: one feed connection and one model at a time, for the event watched.
 * The connection and model are kept outside zustand's state (they are not data to render); the
 * state holds their snapshots.
 */
export const useMonitor = create<MonitorState>()((set, get) => {
  let connection: ScanFeedConnection | null = null;
  let model = new MonitorModel();
  let run = 0;
  /** A reconnect before anything arrived reads the log again; only the newest read finishes. */
  let historyRead = 0;
  /** While the scan log is read, live scans wait here so the log goes in first (oldest first). */
  let buffering = false;
  let buffered: ScanView[] = [];
  let pending: ScanView[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  const publish = () => set(model.snapshot());

  const flush = () => {
    flushTimer = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    if (model.ingest(batch, { live: true, now: Date.now() }) > 0) publish();
  };

  const take = (scan: ScanView) => {
    if (buffering) {
      buffered.push(scan);
      return;
    }
    pending.push(scan);
    flushTimer ??= setTimeout(flush, flushMs);
  };

  const readHistory = async (eventId: string | null, myRun: number) => {
    const myRead = ++historyRead;
    if (!buffering) {
      buffering = true;
      buffered = [];
    }
    const latest = () => myRun === run && myRead === historyRead;
    set({ history: { ...get().history, state: 'loading', error: null } });
    let truncated = false;
    try {
      const client = requireClient();
      let pages = 0;
      const all = await fetchAllPages((cursor) => {
        pages++;
        return unwrap(
          client.GET('/v2/scans', {
            params: {
              query: { limit: 100, ...(eventId ? { event_id: eventId } : {}), ...(cursor ? { cursor } : {}) },
            },
          }),
        ).then((page) => {
          if (pages === maxHistoryPages && page.has_more) truncated = true;
          return page;
        });
      }, maxHistoryPages);
      if (!latest()) return;
      model.ingest(all, { live: false, now: Date.now() });
      set({ history: { state: 'ready', error: null, truncated } });
    } catch (err) {
      if (!latest()) return;
      set({ history: { state: 'error', error: messageOf(err), truncated } });
    } finally {
      if (latest()) {
        buffering = false;
        model.ingest(buffered, { live: true, now: Date.now() });
        buffered = [];
        publish();
      }
    }
  };

  return {
    ...model.snapshot(),
    eventId: null,
    feed: initialFeedStatus,
    history: emptyHistory,
    devices: idle(),
    devicesForbidden: false,

    start(eventId) {
      get().stop();
      const myRun = ++run;
      model = new MonitorModel();
      set({ ...model.snapshot(), eventId, history: emptyHistory });
      connection = new ScanFeedConnection({
        baseUrl: useSession.getState().baseUrl,
        eventId,
        async streamPath(forEvent) {
          const token = await unwrap(
            requireClient().POST('/v2/scans/stream_token', {
              body: forEvent ? { event_id: forEvent } : {},
            }),
          );
          return token.url;
        },
        open: (url) => new EventSource(url),
        handlers: {
          onStatus: (feed) => {
            if (myRun === run) set({ feed });
          },
          onOpen: () => readHistory(eventId, myRun),
          onScan: (scan) => {
            if (myRun === run) take(scan);
          },
          // Sales, voids and transfers: nothing on the monitor depends on them yet.
          onTicket: () => undefined,
        },
      });
      connection.start();
    },

    stop() {
      run++;
      connection?.stop();
      connection = null;
      if (flushTimer !== null) clearTimeout(flushTimer);
      flushTimer = null;
      pending = [];
      buffered = [];
      buffering = false;
      set({ feed: initialFeedStatus });
    },

    reconnectNow() {
      connection?.reconnectNow();
    },

    async loadDevices() {
      set({ devices: loading(get().devices) });
      try {
        const client = requireClient();
        const all = await fetchAllPages((cursor) =>
          unwrap(
            client.GET('/v2/devices', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
          ),
        );
        set({ devices: ready(all), devicesForbidden: false });
      } catch (err) {
        const forbidden = err instanceof ApiRequestError && err.status === 403;
        set({ devices: failed(messageOf(err), get().devices), devicesForbidden: forbidden });
      }
    },

    acknowledge(id) {
      model.acknowledge(id);
      publish();
    },

    acknowledgeAll() {
      model.acknowledgeAll();
      publish();
    },

    prune(now) {
      model.prune(now);
      publish();
    },
  };
});
