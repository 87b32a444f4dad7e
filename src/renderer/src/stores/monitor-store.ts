import { create } from 'zustand';
import { ApiRequestError, messageOf } from '../api/api-error.js';
import { unwrap } from '../api/client.js';
import { ScanFeedConnection } from '../api/scan-feed.js';
import type { DeviceView, ScanView } from '../api/scan-types.js';
import { initialFeedStatus, type FeedStatus } from '../lib/feed-status.js';
import { LiveFigures, type LiveFiguresSnapshot } from '../lib/live-figures.js';
import { liveEvents } from '../lib/event-season.js';
import { mapLimited } from '../lib/limited-map.js';
import { failed, fetchAllPages, fetchPages, idle, loading, ready, type Loadable } from '../lib/loadable.js';
import { MonitorModel, type MonitorSnapshot } from '../lib/monitor-model.js';
import { useEvents } from './events-store.js';
import { requireClient, useSession } from './session-store.js';

/**
 * The chart's hour is read 100 scans at a time; past this many pages the monitor says it stopped
 * short. Who is inside never depends on it: the server counts that.
 */
const maxHistoryPages = 50;
/** The chart's window, and how far back the scan log is read. */
const windowMinutes = 60;
/** Events whose figures are read at once in the all-events view. */
const figuresConcurrency = 4;
/** Live scans are taken in batches: a replay of thousands is one redraw, not thousands. */
const flushMs = 50;

export interface FiguresState {
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
}

export interface HistoryState {
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The last hour held more scans than the monitor reads; the chart's earliest minutes are low. */
  truncated: boolean;
}

interface MonitorState extends MonitorSnapshot, LiveFiguresSnapshot {
  /** The event watched; null for every event. */
  eventId: string | null;
  feed: FeedStatus;
  history: HistoryState;
  /** Inside now and admissions by credential: the server's count plus the feed since. */
  figures: FiguresState;
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
  /**
   * Reads the server's figures again: puts right anything the feed alone cannot tell, and tries
   * again a read that failed.
   */
  refreshFigures(): Promise<void>;
}

const emptyHistory: HistoryState = { state: 'idle', error: null, truncated: false };
const emptyFigures: FiguresState = { state: 'idle', error: null };

/**
 * The live scan monitor: one feed connection and one model at a time, for the event watched.
 * The connection and model are kept outside zustand's state (they are not data to render); the
 * state holds their snapshots.
 */
export const useMonitor = create<MonitorState>()((set, get) => {
  let connection: ScanFeedConnection | null = null;
  let model = new MonitorModel({ windowMinutes });
  let figures = new LiveFigures();
  let run = 0;
  let figuresRead = 0;
  /** A reconnect before anything arrived reads the log again; only the newest read finishes. */
  let historyRead = 0;
  /** While the scan log is read, live scans wait here so the log goes in first (oldest first). */
  let buffering = false;
  let buffered: ScanView[] = [];
  let pending: ScanView[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  const publish = () => set({ ...model.snapshot(), ...figures.snapshot() });

  // Published even when the model knew every scan (read with the hour): the figures may not have.
  const flush = () => {
    flushTimer = null;
    const batch = pending;
    pending = [];
    if (batch.length > 0) model.ingest(batch, { live: true, now: Date.now() });
    publish();
  };

  const take = (scan: ScanView) => {
    if (buffering) buffered.push(scan);
    else pending.push(scan);
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
    try {
      const client = requireClient();
      const since = new Date(Date.now() - windowMinutes * 60_000).toISOString();
      const read = await fetchPages(
        (cursor) =>
          unwrap(
            client.GET('/v2/scans', {
              params: {
                query: {
                  limit: 100,
                  since,
                  ...(eventId ? { event_id: eventId } : {}),
                  ...(cursor ? { cursor } : {}),
                },
              },
            }),
          ),
        maxHistoryPages,
      );
      if (!latest()) return;
      model.ingest(read.items, { live: false, now: Date.now() });
      set({ history: { state: 'ready', error: null, truncated: read.stoppedShort } });
    } catch (err) {
      if (!latest()) return;
      set({ history: { state: 'error', error: messageOf(err), truncated: false } });
    } finally {
      if (latest()) {
        buffering = false;
        model.ingest(buffered, { live: true, now: Date.now() });
        buffered = [];
        publish();
      }
    }
  };

  /**
   * The server's count for the event watched, or for each event in the all-events view. A re-read
   * of figures already shown that fails leaves them shown: the feed keeps them current, and the
   * feed's own status says when it is behind. A first read that fails says so, and is tried again
   * when the feed goes live and on the screen's poll (a blip mid-read must not leave "…" for good).
   */
  const readFigures = async (eventId: string | null, myRun: number) => {
    const myRead = ++figuresRead;
    const latest = () => myRun === run && myRead === figuresRead;
    const tracker = figures;
    const before = get().figures.state;
    // A retry after an error keeps the error on screen until it succeeds, rather than flicker.
    if (before === 'idle') set({ figures: { state: 'loading', error: null } });
    try {
      const client = requireClient();
      // Every event: the list the screen read on opening, once it has arrived.
      if (!eventId && useEvents.getState().events.state !== 'ready') await useEvents.getState().loadEvents();
      // All events: those on tonight or ahead, not every event the venue ever ran.
      const all = useEvents.getState().events.data ?? [];
      const ids = eventId ? [eventId] : liveEvents(all, Date.now()).map((e) => e.id);
      const answers = await mapLimited(ids, figuresConcurrency, (id) =>
        unwrap(client.GET('/v2/scan/occupancy', { params: { query: { event_id: id } } })),
      );
      if (!latest() || tracker !== figures) return;
      for (const a of answers) {
        tracker.setFigures(a.event_id, {
          inside: a.inside,
          admittedBy: { rotating: a.rotating, paper: a.paper, manual: a.manual },
          lastScanId: a.last_scan_id,
        });
      }
      set({ figures: { state: 'ready', error: null } });
      publish();
    } catch (err) {
      if (latest() && before !== 'ready') set({ figures: { state: 'error', error: messageOf(err) } });
    }
  };

  /** A figures read that failed is tried again; one that is under way or done is left alone. */
  const retryFailedFigures = (eventId: string | null, myRun: number) => {
    if (myRun === run && get().figures.state === 'error') void readFigures(eventId, myRun);
  };

  return {
    ...model.snapshot(),
    ...figures.snapshot(),
    eventId: null,
    feed: initialFeedStatus,
    history: emptyHistory,
    figures: emptyFigures,
    devices: idle(),
    devicesForbidden: false,

    start(eventId) {
      get().stop();
      const myRun = ++run;
      model = new MonitorModel({ windowMinutes });
      figures = new LiveFigures();
      set({
        ...model.snapshot(),
        ...figures.snapshot(),
        eventId,
        history: emptyHistory,
        figures: emptyFigures,
      });
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
            if (myRun !== run) return;
            const wasLive = get().feed.phase === 'live';
            set({ feed });
            if (feed.phase === 'live' && !wasLive) retryFailedFigures(eventId, myRun);
          },
          // A fresh start (not a resume, which replays what was missed): the feed's gap is
          // unknown, so the count starts again from the server's.
          onOpen: () => {
            figures = new LiveFigures();
            set({ figures: { state: 'loading', error: null } });
            return Promise.all([readFigures(eventId, myRun), readHistory(eventId, myRun)]).then(
              () => undefined,
            );
          },
          onScan: (scan) => {
            if (myRun !== run) return;
            figures.feed(scan);
            take(scan);
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

    async refreshFigures() {
      const state = get().figures.state;
      if (connection === null || (state !== 'ready' && state !== 'error')) return;
      await readFigures(get().eventId, run);
    },
  };
});
