import { humanizeSeconds } from './humanize.js';

/**
 * What the till knows about the venue server's store: `full` from a degraded GET /v2/health or
 * any answer 507 `insufficient_storage`, until the next health poll says `ok` again; `moved`
 * while its data file was deleted or replaced under it (until it is restarted).
 */
export type StorageState = 'ok' | 'full' | 'moved';

export interface HealthReading {
  /** The server answered its health check at all. */
  reachable: boolean;
  storage: StorageState;
  /**
   * The server's sentence while it holds its webhooks and mail because another server with this
   * venue's data runs on the LAN (a spare started from a backup), else null.
   */
  outboundHeld: string | null;
  /** The server's sentence while its data file is gone from under it (storage `moved`), else null. */
  storeMoved: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads a GET /v2/health answer (docs/api.md "Health"): 200 `{"status":"ok"}`, or 200
 * `{"status":"degraded","storage":{"status":"full",…}}` while the disk is full (`"moved"`, with
 * the server's sentence, while its data file is gone from under it), and/or
 * `"outbound":{"status":"held","message":…}` while another server with this venue's data runs. Any other 2xx
 * counts as reachable and fine (a newer server's state this till does not know yet must not
 * alarm anyone); any other status as unreachable, like no answer.
 */
export function readHealth(status: number, body: unknown): HealthReading {
  if (status < 200 || status >= 300)
    return { reachable: false, storage: 'ok', outboundHeld: null, storeMoved: null };
  const degraded = isRecord(body) && body.status === 'degraded';
  const storage = degraded && isRecord(body.storage) ? body.storage : undefined;
  const moved = storage?.status === 'moved' && typeof storage.message === 'string' ? storage.message : null;
  const outbound = isRecord(body) && isRecord(body.outbound) ? body.outbound : undefined;
  const held =
    isRecord(body) &&
    body.status === 'degraded' &&
    outbound?.status === 'held' &&
    typeof outbound.message === 'string'
      ? outbound.message
      : null;
  return {
    reachable: true,
    storage: storage?.status === 'full' ? 'full' : moved ? 'moved' : 'ok',
    outboundHeld: held,
    storeMoved: moved,
  };
}

/** An answer to any API call that proves the disk is full (the till need not wait for the poll). */
export function isStorageFullAnswer(status: number): boolean {
  return status === 507;
}

/** The banner's sentence while the disk is full, in the words of the person at the till. */
export function storageBannerText(since: number, now: number, pollSeconds: number): string {
  const lasted = Math.max(0, Math.round((now - since) / 1000));
  // "for 0 s now" says nothing; from ten seconds on, how long it has lasted helps.
  const duration = lasted >= 10 ? ` (for ${humanizeSeconds(lasted)} now)` : '';
  return (
    `The venue server's disk is full: sales and changes cannot be saved${duration}. ` +
    'Free some space on the computer running the venue server; nothing needs restarting. ' +
    `This page checks again every ${pollSeconds} s, and a sale that failed can simply be tried again.`
  );
}

/** The top bar's server pill: its words and its class (`conn-<state>`). */
export function connectionPill(
  connection: 'unknown' | 'online' | 'offline',
  storage: StorageState,
): { label: string; state: 'unknown' | 'online' | 'offline' | 'full' } {
  if (connection === 'offline') return { label: 'Offline', state: 'offline' };
  if (storage === 'full') return { label: 'Disk full', state: 'full' };
  // The same warning colour: sales fail until someone at the venue server acts.
  if (storage === 'moved') return { label: 'Not saving', state: 'full' };
  return connection === 'online'
    ? { label: 'Online', state: 'online' }
    : { label: 'Connecting', state: 'unknown' };
}
