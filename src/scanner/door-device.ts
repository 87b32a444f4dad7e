/**
 * A paired door: online validation with a 300 ms offline fallback, the door pack, sync of
 * offline scans and the live scan feed, over a DeviceState and a Transport. Browser-safe: the
 * Node CLI plugs in SQLite and certificate pinning (node-device.ts), a door page could plug in
 * memory and fetch.
 */
import type {
  OrderAdmissions,
  OrderCheckInAnswer,
  ScanAttendeeView,
  ScanTicketView,
  ScanView,
  SyncAnswer,
  TicketChange,
  ValidateAnswer,
} from './api-types.js';
import { backoffDelay } from '../shared/backoff.js';
import { parseCredential } from '../shared/ticket-token.js';
import { reconnectLoop } from '../shared/reconnect-loop.js';
import { orderCheckInNote, stewardReasonProblem } from '../shared/steward-reason.js';
import { raceDeadline, type Raced } from './deadline.js';
import { clockToleranceMs } from './door-clock.js';
import type {
  ConflictRecord,
  DeviceState,
  DeviceStatus,
  PackInfo,
  Pairing,
  QueuedScan,
  StateChanges,
} from './device-state.js';
import { DoorApi } from './door-api.js';
import { countedHereConflict, doubleAdmissionOf } from './double-admission.js';
import { isScannerError, ScannerError } from './errors.js';
import { lookupMinLength, OfflineValidator, packHolders } from './offline-validator.js';
import { assertCodeFitsServer, type PairingCode } from './pairing-code.js';
import { SseParser, type SseMessage } from './sse-parser.js';
import type { Transport } from './transport.js';
import type {
  AdmissionState,
  Credential,
  Direction,
  DoorPack,
  LookupMatch,
  Occupancy,
  RejectReason,
  RevokedStatus,
  ScanResult,
} from './types.js';

/**
 * The door never waits longer than this for the server before deciding on its own, unless told
 * otherwise (DoorDeviceOptions.deadlineMs: the CLI's --deadline, the door page's stored setting).
 */
export const onlineDeadlineMs = 300;
/** A slow online answer is still awaited this long in the background, to reconcile it. */
export const lateAnswerTimeoutMs = 5_000;
/** Pairing again asks with the old key whether it was revoked; a server this slow is taken as no answer. */
const revocationCheckTimeoutMs = 3_000;

/**
 * How long a request for a decision may run: the late-answer window, and never less than twice
 * the deadline, so a door given a long deadline (a test on a loaded machine, a slow venue
 * network) really waits that long instead of having its request cut at 5 s.
 */
const requestTimeoutMs = (deadlineMs: number): number => Math.max(lateAnswerTimeoutMs, 2 * deadlineMs);
/** The server takes up to 1000 scans per sync call. */
const syncBatch = 500;

/**
 * Why a door decided alone: asked to, the server was slow or away, it answered with an error,
 * or it was not the paired server at all (certificate pin mismatch: never trusted, never sent a scan).
 */
export type FallbackCause =
  | 'offline_mode'
  | 'timeout'
  | 'unreachable'
  | 'server_error'
  | 'untrusted_server'
  /** The ticket has offline scans here that could not be uploaded first (see scan()). */
  | 'unsynced';

export interface ScanOutcome {
  result: ScanResult;
  reason: RejectReason | null;
  /** What was shown: a phone's rotating code or a paper pass. */
  credential: Credential;
  ticketId: string | null;
  direction: Direction;
  /** Who decided: the server, or this device on its own. */
  mode: 'online' | 'offline';
  /** Why the device decided on its own. */
  fallback?: FallbackCause;
  /** The server's error when it answered with one (e.g. a revoked device key). */
  error?: string;
  /** Time from the scan to the decision. */
  ms: number;
  /** True when the decision waits in the queue for sync. */
  queued: boolean;
  ticket?: ScanTicketView | null;
  attendee?: ScanAttendeeView | null;
  scan?: ScanView;
  /** Online answers: the ticket's order, so the door can offer "admit the other N". */
  order?: OrderAdmissions | null;
  /**
   * Inside / capacity after this decision: the server's when it decided, else this door's count.
   * At 'full' a door admits only with a steward's reason.
   */
  occupancy?: Occupancy | null;
  /** Refused because the event is at capacity and no reason was given (reason is then null). */
  capacityReached?: boolean;
  /**
   * Offline refusals `transferred`: when the ticket was replaced, from the pack (online answers
   * carry it as `ticket.transferred_at`). Absent when the pack did not say (older server, restart).
   */
  replacedAt?: number;
}

/** A whole order checked in: each ticket's result, and the order's admissions after. */
export interface OrderCheckInOutcome {
  orderId: string;
  mode: 'online' | 'offline';
  fallback?: FallbackCause;
  results: { ticketId: string; result: ScanResult; reason: RejectReason | null }[];
  /** Active tickets of the order, and how many of them are inside now. */
  tickets: number;
  admitted: number;
  occupancy: Occupancy;
  queued: boolean;
}

export interface LookupOutcome {
  matches: LookupMatch[];
  hasMore: boolean;
  /** Who answered: the server, or this device from its door pack. */
  mode: 'online' | 'offline';
}

/** A refusal a door must show as such, never replace with its own offline verdict. */
const isClientError = (error: unknown): boolean =>
  isScannerError(error, 'http_error') &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

export interface SyncReport {
  uploaded: number;
  admitted: number;
  rejected: number;
  /** Offline admissions another device had made first. */
  conflicts: number;
  /** Offline decisions the server saw differently (conflicts included). */
  disagreements: ConflictRecord[];
  /**
   * Queued scans whose time the server refuses (more than 7 days old: a door put away unsynced;
   * or ahead of its clock: a door whose clock ran fast), set aside rather than left to block
   * every upload after them for ever. The server judges, on its own clock, one item at a time.
   */
  setAside: number;
}

export interface FollowOptions {
  signal: AbortSignal;
  onScan?: (scan: ScanView) => void;
  /**
   * Another door let in a ticket whose counted entry is this door's (a double admission, now in
   * `conflicts()`); called once per such pair, before `onScan` of the scan that told it.
   */
  onDoubleAdmission?: (record: ConflictRecord) => void;
  onTicket?: (change: TicketChange) => void;
  /** Connection state, for a door display ("live" / "reconnecting"). */
  onStatus?: (status: 'connected' | 'disconnected', error?: unknown) => void;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface DoorDeviceOptions {
  state: DeviceState;
  transport: (pairing: Pairing) => Transport;
  now?: () => number;
  /** How long to wait for the server's answer before deciding alone; onlineDeadlineMs unless set. */
  deadlineMs?: number;
  /**
   * True while `now` has not been measured against the server's clock (no answer yet this run,
   * and none kept from this boot): the first online request then asks the server's time first,
   * so a date set behind before a reboot does not have a valid code judged hours ago.
   */
  clockUnmeasured?: () => boolean;
}

function fallbackCause(error: unknown): FallbackCause {
  if (isScannerError(error, 'http_error') || isScannerError(error, 'bad_response')) return 'server_error';
  if (isScannerError(error, 'pin_mismatch')) return 'untrusted_server';
  if (isScannerError(error, 'timeout')) return 'timeout';
  return 'unreachable';
}

const withoutKey = ({ apiKey: _apiKey, ...rest }: Pairing): Omit<Pairing, 'apiKey'> => rest;
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A steward's reason as the server takes it: trimmed, undefined when blank. One the server would
 * refuse is refused here, before anything is queued: at sync it would hold up the whole upload.
 */
function stewardNote(reason: string | undefined): string | undefined {
  const note = reason?.trim();
  if (!note) return undefined;
  const problem = stewardReasonProblem(note);
  if (problem) throw new ScannerError('bad_reason', problem);
  return note;
}

export class DoorDevice {
  readonly validator: OfflineValidator;
  private readonly state: DeviceState;
  private readonly now: () => number;
  private readonly deadlineMs: number;
  private readonly clockUnmeasured: () => boolean;
  private readonly makeTransport: (pairing: Pairing) => Transport;
  private pairingInfo: Pairing | null;
  private apiClient: DoorApi | null = null;
  /** Tickets with offline scans not yet synced: server news about them is older than ours. */
  private readonly pending = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /**
   * Queued scans whose online request passed the deadline and may still be answered: a sync
   * leaves them alone, or the server would record the scan twice (the late request and the
   * upload). An answer settles them; a failed request leaves them for the next sync.
   */
  private readonly awaitingAnswer = new Set<number>();
  private syncing: Promise<SyncReport> | null = null;
  private readonly syncListeners = new Set<(report: SyncReport) => void>();

  constructor(options: DoorDeviceOptions) {
    this.state = options.state;
    this.now = options.now ?? Date.now;
    this.deadlineMs = options.deadlineMs ?? onlineDeadlineMs;
    this.clockUnmeasured = options.clockUnmeasured ?? (() => false);
    this.makeTransport = options.transport;
    this.validator = new OfflineValidator(this.now);
    this.pairingInfo = this.state.loadPairing();
    const pack = this.state.loadPack();
    if (pack) {
      this.validator.setEvent(pack.event);
      this.validator.setKeys(pack.jwks.keys);
      if (pack.tiers) this.validator.setTiers(pack.tiers);
    }
    for (const [ticketId, status, transferredAt] of this.state.revocations())
      this.validator.revokeEntry({
        ticket_id: ticketId,
        status,
        ...(transferredAt ? { transferred_at: transferredAt } : {}),
      });
    for (const [ticketId, admission] of this.state.admissions())
      this.validator.restoreAdmission(ticketId, admission);
    this.validator.addHolders([...(this.state.holders?.() ?? [])]);
    for (const scan of this.state.queued(Number.MAX_SAFE_INTEGER))
      if (scan.ticketId) this.markPending(scan.ticketId, 1);
  }

  /** Trades a pairing code for a device key and remembers the server it came from. */
  static async pair(code: PairingCode, name: string, options: DoorDeviceOptions): Promise<DoorDevice> {
    if (!code.url)
      throw new ScannerError('bad_pairing_code', 'no server URL: scan the full QR, or pass --url');
    // The certificate about to be pinned must be the one the typed code was made behind. Without a
    // fingerprint there is nothing to pin: the browser's door page trusts the origin it loaded
    // from, and plain HTTP is allowed only on this machine.
    if (code.fingerprint !== null) assertCodeFitsServer(code, code.url, code.fingerprint);
    const provisional: Pairing = {
      baseUrl: code.url,
      fingerprint: code.fingerprint,
      apiKey: '',
      deviceId: '',
      deviceName: name,
      eventId: null,
      pairedAt: 0,
    };
    const transport = options.transport(provisional);
    // A till's or kiosk's code is refused by the server before it makes a device or a key, so a
    // wrong code leaves nothing behind; the check below covers a server from before that rule.
    let answer;
    try {
      answer = await new DoorApi(transport, null).pair(code.token, name, 'scanner');
    } catch (err) {
      if (isScannerError(err, 'http_error') && err.apiCode === 'pairing_scope_mismatch')
        throw new ScannerError('bad_pairing_code', err.message.replace(/^.*?: /, ''));
      throw err;
    }
    if (answer.device.scope !== 'scanner')
      throw new ScannerError(
        'bad_pairing_code',
        `This pairing code is for another till (${answer.device.scope}), not a door scanner. Ask for a door scanner code (Settings › Pairing › Door scanner).`,
      );
    const pairing: Pairing = {
      ...provisional,
      baseUrl: transport.baseUrl,
      apiKey: answer.api_key.secret,
      deviceId: answer.device.id,
      eventId: answer.device.event_id,
      pairedAt: (options.now ?? Date.now)(),
    };
    await DoorDevice.learnWhetherRevoked(options);
    options.state.savePairing(pairing);
    return new DoorDevice({
      ...options,
      transport: (p) => (p === pairing ? transport : options.transport(p)),
    });
  }

  /**
   * A door revoked while it was away (switched off, out of Wi-Fi) never heard of it, and pairing
   * again would upload its queue under the new pairing as if nothing had happened. With scans
   * still queued, its old key asks the server once first: refused, the old pairing is marked
   * revoked, so savePairing holds those scans back for a manager to decide (sync --include-held).
   * No answer (another venue's server, no network) leaves things as they were.
   */
  private static async learnWhetherRevoked(options: DoorDeviceOptions): Promise<void> {
    const old = options.state.loadPairing();
    if (!old || old.revokedAt !== undefined || !old.apiKey || options.state.status().queued === 0) return;
    const now = options.now ?? Date.now;
    const api = new DoorApi(options.transport(old), old.apiKey, () =>
      options.state.savePairing({ ...old, revokedAt: now() }),
    );
    try {
      await api.occupancy(old.eventId, { timeoutMs: revocationCheckTimeoutMs });
    } catch {
      // Refused: told through the callback above. Anything else: not known, nothing to change.
    }
  }

  /**
   * The venue server now answers at another address (started on a spare laptop from a backup of
   * its data folder, docs/api.md): this door keeps its key, its pin and its queued scans and talks
   * to `url` from now on, once the server there has shown the certificate pinned at pairing (the
   * transport checks it before the key is sent) and accepted this door's key. Anything else
   * leaves the pairing as it was. The door pack is of the old address: pull it again.
   */
  async moveTo(url: string): Promise<Pairing> {
    this.refuseIfRevoked();
    const current = this.pairingInfo;
    if (!current) throw new ScannerError('not_paired', 'this device is not paired: run `pair` first');
    const transport = this.makeTransport({ ...current, baseUrl: url });
    let keyRefused = false;
    // Not this door's revocation callback: a server that does not know the key may be another one.
    const api = new DoorApi(transport, current.apiKey, () => (keyRefused = true));
    try {
      await api.occupancy(current.eventId);
    } catch (err) {
      if (!keyRefused) throw err;
      throw new ScannerError(
        'device_revoked',
        `the server at ${transport.baseUrl} does not accept this door's key: it is another venue server, or this door was revoked there. Nothing was changed; pair this door with it instead`,
      );
    }
    const moved: Pairing = { ...current, baseUrl: transport.baseUrl };
    this.state.savePairing(moved);
    this.pairingInfo = moved;
    this.apiClient = null;
    return moved;
  }

  get pairing(): Pairing | null {
    return this.pairingInfo;
  }

  /** The event this door scans for: the pairing's, else the pack's. */
  get eventId(): string | null {
    return this.pairingInfo?.eventId ?? this.validator.eventId;
  }

  /** Pulls the door pack: whole the first time (or when asked), then only what changed. */
  async pull(
    options: { full?: boolean } = {},
  ): Promise<{ full: boolean; revoked: number; scanned: number; exited: number; cursor: string | null }> {
    this.refuseIfRevoked();
    const api = this.api();
    const before = this.state.loadPack();
    const since = options.full || !before ? null : before.cursor;
    const eventId = this.eventId ?? before?.event.id ?? null;
    const pack = await api.doorPack(eventId, since);
    const changes = this.applyPack(pack, pack.full ?? since === null);
    const tiers = pack.tiers ?? before?.tiers;
    const info: PackInfo = {
      event: pack.event,
      jwks: pack.jwks,
      ...(tiers ? { tiers } : {}),
      generatedAt: pack.generated_at,
      cursor: pack.cursor ?? null,
      pulledAt: this.now(),
    };
    this.state.savePack(info, changes);
    return {
      full: pack.full ?? since === null,
      revoked: pack.revoked.length,
      scanned: pack.scanned.length,
      exited: pack.exited?.length ?? 0,
      cursor: info.cursor,
    };
  }

  /**
   * One presentation at the door. Online: the server decides if it answers within the
   * deadline; otherwise this device decides from the pack and queues the scan for sync.
   */
  async scan(
    token: string,
    options: { offline?: boolean; direction?: Direction; reason?: string } = {},
  ): Promise<ScanOutcome> {
    const started = performance.now();
    let at = this.now();
    const direction = options.direction ?? 'in';
    if (!this.pairingInfo && !this.validator.ready) {
      throw new ScannerError('not_paired', 'this device is not paired: run `pair` first');
    }
    this.refuseIfRevoked();
    const reason = stewardNote(options.reason);
    if (options.offline || !this.pairingInfo)
      return this.decideOffline(token, at, direction, started, 'offline_mode', undefined, reason).outcome;

    // This door decided about the ticket while offline and the server has not heard yet: asked
    // now, it would admit the code as if for the first time (a second admission). The offline
    // scans go up first; if that cannot finish within the deadline, this door's own record decides.
    const ticketId = parseCredential(token)?.claims.sub;
    if (ticketId && this.pending.has(ticketId)) {
      await raceDeadline(this.sync(), this.deadlineMs);
      if (this.pending.has(ticketId))
        return this.decideOffline(token, at, direction, started, 'unsynced', undefined, reason).outcome;
    }

    const asked = await this.askOnServerTime(at, this.deadlineMs, (scannedAt, timeoutMs) => {
      const sent = this.api().validate(
        {
          token,
          scanned_at: iso(scannedAt),
          direction,
          ...(this.eventId ? { event_id: this.eventId } : {}),
          ...(reason ? { reason } : {}),
        },
        { timeoutMs },
      );
      // Verify the signature while the request is on the wire, so a fallback costs a cache hit.
      this.validator.check(token, { at: scannedAt, direction });
      return sent;
    });
    const { raced, request } = asked;
    at = asked.at;
    if (raced.kind === 'answer') return this.acceptOnline(raced.value, direction, started);
    // The server answered that this device's key is no longer accepted: a revoked door (lost,
    // stolen, replaced) must admit no one, offline or not, and nothing it would queue could ever
    // be uploaded with that key.
    if (raced.kind === 'failed' && isScannerError(raced.error, 'http_error')) {
      if (raced.error.apiCode === 'capacity_reached')
        return this.capacityRefusal(token, direction, started, 'online');
      const { status } = raced.error;
      if (status === 401 || status === 403) throw revokedError(status, raced.error.apiCode);
    }

    const cause = raced.kind === 'late' ? 'timeout' : fallbackCause(raced.error);
    const { outcome, seq } = this.decideOffline(token, at, direction, started, cause, raced, reason);
    if (raced.kind === 'late' && seq !== null) this.reconcileLate(request, outcome, seq);
    return outcome;
  }

  /** Inside / capacity as this door knows it (its scans, the pack, the feed, online answers). */
  occupancy(): Occupancy {
    return this.validator.occupancy();
  }

  /**
   * Finds guests by part of the name or the start of an order id: the server's list when it
   * answers within the deadline, else the door pack's names (at most 10 either way).
   */
  async lookup(query: string, options: { offline?: boolean } = {}): Promise<LookupOutcome> {
    const q = query.trim();
    if (q.length < lookupMinLength)
      throw new ScannerError(
        'bad_query',
        `type at least ${lookupMinLength} characters of the name or order id`,
      );
    if (!options.offline && this.pairingInfo) {
      const raced = await raceDeadline(
        this.api().lookup(this.eventId, q, { timeoutMs: requestTimeoutMs(this.deadlineMs) }),
        this.deadlineMs,
      );
      if (raced.kind === 'answer')
        return {
          matches: raced.value.data.map((m) => ({
            ticketId: m.ticket_id,
            orderId: m.order_id,
            name: m.attendee_name,
            tierName: m.tier_name,
            status: m.status,
            scanned: m.scanned,
          })),
          hasMore: raced.value.has_more,
          mode: 'online',
        };
      if (raced.kind === 'failed' && isClientError(raced.error)) throw raced.error;
    }
    this.requirePack();
    return { ...this.validator.lookup(q), mode: 'offline' };
  }

  /**
   * A steward's manual check-in (the guest found by lookup), with the reason. Online the server
   * decides; offline the door decides from its pack and queues the check-in for sync, where the
   * first admission wins exactly as for codes.
   */
  async checkIn(ticketId: string, reason: string, options: { offline?: boolean } = {}): Promise<ScanOutcome> {
    const started = performance.now();
    let at = this.now();
    const note = stewardNote(reason);
    if (note === undefined) throw new ScannerError('bad_reason', 'a manual check-in needs a reason');
    this.refuseIfRevoked();
    if (!options.offline && this.pairingInfo) {
      // The moment it would be queued under if the answer is lost: the server keys it the same.
      const asked = await this.askOnServerTime(at, this.deadlineMs, (scannedAt, timeoutMs) =>
        this.api().checkIn(ticketId, { reason: note, scanned_at: iso(scannedAt) }, { timeoutMs }),
      );
      const { raced, request } = asked;
      at = asked.at;
      if (raced.kind === 'answer') return this.acceptOnline(raced.value, 'in', started);
      if (raced.kind === 'failed' && isClientError(raced.error)) throw raced.error;
      const cause = raced.kind === 'late' ? 'timeout' : fallbackCause(raced.error);
      const { outcome, seq } = this.decideManual(ticketId, note, at, started, cause);
      if (raced.kind === 'late' && seq !== null) this.reconcileLate(request, outcome, seq);
      return outcome;
    }
    return this.decideManual(ticketId, note, at, started, 'offline_mode').outcome;
  }

  /**
   * Admits every ticket of the order not inside yet (one tap after admitting one of them).
   * Offline: the tickets the pack names for the order, each queued as a manual check-in.
   */
  async checkInOrder(
    orderId: string,
    options: { offline?: boolean; reason?: string } = {},
  ): Promise<OrderCheckInOutcome> {
    const reason = stewardNote(options.reason);
    this.refuseIfRevoked();
    let at = this.now();
    let cause: FallbackCause = 'offline_mode';
    if (!options.offline && this.pairingInfo) {
      // Longer than a scan's deadline: a steward's one tap may wait a moment for the whole order.
      const orderDeadlineMs = this.deadlineMs * 4;
      // scanned_at: the moment the tickets would be queued under if the answer is lost.
      const asked = await this.askOnServerTime(at, orderDeadlineMs, (scannedAt, timeoutMs) =>
        this.api().checkInOrder(
          orderId,
          { scanned_at: iso(scannedAt), ...(reason ? { reason } : {}) },
          { timeoutMs },
        ),
      );
      const { raced, request } = asked;
      at = asked.at;
      if (raced.kind === 'answer') return this.acceptOrderOnline(raced.value);
      if (raced.kind === 'failed' && isClientError(raced.error)) throw raced.error;
      if (raced.kind === 'late') {
        // It may still land: then the server has it, and the offline copies must not count twice.
        const outcome = this.checkInOrderOffline(orderId, reason, at, 'timeout');
        this.reconcileLateOrder(request, outcome.seqs, outcome.queuedTickets);
        return outcome.outcome;
      }
      cause = fallbackCause(raced.error);
    }
    return this.checkInOrderOffline(orderId, reason, at, cause).outcome;
  }

  /**
   * Uploads queued offline scans; the server's word replaces this device's guesses. Scans held
   * back (recorded before this door was revoked and paired again) go too only with `includeHeld`:
   * a manager's decision, not something a door does on its own.
   */
  sync(options: { includeHeld?: boolean } = {}): Promise<SyncReport> {
    if (this.pairingInfo?.revokedAt !== undefined) return Promise.reject(revokedError());
    if (options.includeHeld)
      for (const scan of this.state.releaseHeld()) if (scan.ticketId) this.markPending(scan.ticketId, 1);
    this.syncing ??= this.runSync()
      .then((report) => {
        this.announceSync(report);
        return report;
      })
      .finally(() => {
        this.syncing = null;
      });
    return this.syncing;
  }

  /**
   * Calls `listener` with the report of every sync that finishes, whoever started it: the caller
   * of sync(), or scan() uploading a ticket's offline scans before asking about it (a door page
   * announces "Synced N offline scans" either way). Answers a function that stops the calls.
   */
  onSync(listener: (report: SyncReport) => void): () => void {
    this.syncListeners.add(listener);
    return () => this.syncListeners.delete(listener);
  }

  private announceSync(report: SyncReport): void {
    for (const listener of this.syncListeners) {
      try {
        listener(report);
      } catch {
        // A display's listener failing must not turn an upload the server kept into a failure.
      }
    }
  }

  /**
   * Follows the server's scan feed until the signal aborts: admissions by other doors,
   * voids and transfers reach the offline validator within moments. Reconnects with
   * Last-Event-ID, backing off while the server is away. Rejects only when the server
   * refuses this device (revoked key).
   */
  async follow(options: FollowOptions): Promise<void> {
    const { signal } = options;
    const api = this.api();
    const maxBackoff = options.maxBackoffMs ?? 5_000;
    const backoff = { baseMs: options.backoffMs ?? 250, maxMs: maxBackoff, jitter: 0 };
    let lastId = this.resumeCursor();
    /** The server's `retry:` from the last stream. */
    let retryMs: number | null = null;
    const stream = async (opened: () => void): Promise<void> => {
      retryMs = null;
      const feed = await api.scanFeed(this.eventId, lastId, signal);
      options.onStatus?.('connected');
      opened();
      const parser = new SseParser(lastId);
      for await (const chunk of feed.chunks) {
        for (const message of parser.push(chunk)) {
          this.applyFeedMessage(message, options);
          if (message.id !== null && message.id !== lastId) {
            lastId = message.id;
            this.state.saveFeedCursor(lastId);
          }
        }
        if (signal.aborted) break;
      }
      retryMs = parser.retryMs;
      options.onStatus?.('disconnected');
    };
    await reconnectLoop({
      signal,
      // The server's `retry:` caps the wait: a door should be back on the feed quickly.
      backoff: (attempt) => Math.min(backoffDelay(attempt, backoff), retryMs ?? maxBackoff),
      isFatal: (err) =>
        (isScannerError(err, 'http_error') && (err.status === 401 || err.status === 403)) ||
        isScannerError(err, 'pin_mismatch'),
      onWait: (_attempt, _delay, error) => {
        if (error !== undefined) options.onStatus?.('disconnected', error);
      },
      connect: ({ opened, ended }) => {
        stream(opened).then(
          () => ended(),
          (err: unknown) => ended(err),
        );
      },
    }).done;
  }

  status(): DeviceStatus & { pairing: Omit<Pairing, 'apiKey'> | null; eventTitle: string | null } {
    const pairing = this.pairingInfo;
    const pack = this.state.loadPack();
    return {
      ...this.state.status(),
      pairing: pairing ? withoutKey(pairing) : null,
      eventTitle: typeof pack?.event.title === 'string' ? pack.event.title : null,
    };
  }

  conflicts(): ConflictRecord[] {
    return this.state.conflicts();
  }

  /** Waits for background reconciliations of late online answers (tests, clean shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private api(): DoorApi {
    if (!this.pairingInfo)
      throw new ScannerError('not_paired', 'this device is not paired: run `pair` first');
    this.apiClient ??= new DoorApi(this.makeTransport(this.pairingInfo), this.pairingInfo.apiKey, () =>
      this.markRevoked(),
    );
    return this.apiClient;
  }

  /** The server refused this device's key: kept, so the next scan (offline too) admits no one. */
  private markRevoked(): void {
    if (!this.pairingInfo || this.pairingInfo.revokedAt !== undefined) return;
    this.pairingInfo = { ...this.pairingInfo, revokedAt: this.now() };
    this.state.savePairing(this.pairingInfo);
  }

  /**
   * A door told it is revoked (lost, stolen, replaced) decides nothing, even after the Wi-Fi drops:
   * it must be paired again. One that never heard of its revocation cannot know.
   */
  private refuseIfRevoked(): void {
    if (this.pairingInfo?.revokedAt !== undefined) throw revokedError();
  }

  private requirePack(): void {
    if (!this.validator.ready) {
      throw new ScannerError(
        'no_door_pack',
        'no door pack on this device: run `pull` while the server is reachable',
      );
    }
  }

  private capacityRefusal(
    token: string,
    direction: Direction,
    started: number,
    mode: 'online' | 'offline',
    cause?: FallbackCause,
  ): ScanOutcome {
    const decision = this.validator.check(token, { direction });
    return {
      result: 'rejected',
      reason: null,
      credential: decision.credential,
      ticketId: decision.ticketId,
      direction,
      mode,
      ...(cause ? { fallback: cause } : {}),
      ms: performance.now() - started,
      queued: false,
      occupancy: this.validator.occupancy(),
      capacityReached: true,
    };
  }

  private decideOffline(
    token: string,
    at: number,
    direction: Direction,
    started: number,
    cause: FallbackCause,
    raced?: { kind: string; error?: unknown },
    reason?: string,
  ): { outcome: ScanOutcome; seq: number | null } {
    this.requirePack();
    const checked = this.validator.check(token, { at, direction });
    // As the server does: at capacity, an entry needs a steward's reason.
    if (
      checked.result === 'admitted' &&
      direction === 'in' &&
      !reason &&
      this.validator.occupancy().level === 'full'
    )
      return { outcome: this.capacityRefusal(token, direction, started, 'offline', cause), seq: null };
    this.validator.record(checked);
    const decision = checked;
    const admission = decision.ticketId ? (this.validator.admission(decision.ticketId) ?? null) : null;
    const seq = this.state.recordOfflineScan(
      token,
      decision,
      decision.result === 'admitted' ? admission : null,
      reason ?? null,
    );
    if (decision.ticketId) this.markPending(decision.ticketId, 1);
    const outcome: ScanOutcome = {
      result: decision.result,
      reason: decision.reason,
      credential: decision.credential,
      ticketId: decision.ticketId,
      direction,
      mode: 'offline',
      fallback: cause,
      ms: performance.now() - started,
      queued: true,
      occupancy: this.validator.occupancy(),
    };
    const replacedAt =
      decision.reason === 'transferred' && decision.ticketId
        ? this.validator.replacedAt(decision.ticketId)
        : undefined;
    if (replacedAt !== undefined) outcome.replacedAt = replacedAt;
    if (raced?.error instanceof Error) outcome.error = raced.error.message;
    return { outcome, seq };
  }

  /** A manual check-in decided by this door from its pack, queued for sync. */
  private decideManual(
    ticketId: string,
    note: string,
    at: number,
    started: number,
    cause: FallbackCause,
  ): { outcome: ScanOutcome; seq: number } {
    this.requirePack();
    const decision = this.validator.checkManual(ticketId, { at });
    this.validator.record(decision);
    const admission = this.validator.admission(ticketId) ?? null;
    const seq = this.state.recordOfflineScan(
      '',
      decision,
      decision.result === 'admitted' ? admission : null,
      note,
    );
    this.markPending(ticketId, 1);
    return {
      outcome: {
        result: decision.result,
        reason: decision.reason,
        credential: 'manual',
        ticketId,
        direction: 'in',
        mode: 'offline',
        fallback: cause,
        ms: performance.now() - started,
        queued: true,
        occupancy: this.validator.occupancy(),
      },
      seq,
    };
  }

  private checkInOrderOffline(
    orderId: string,
    reason: string | undefined,
    at: number,
    cause: FallbackCause,
  ): { outcome: OrderCheckInOutcome; seqs: number[]; queuedTickets: string[] } {
    this.requirePack();
    const tickets = this.validator.orderTickets(orderId);
    if (tickets.length === 0)
      throw new ScannerError('not_found', `order ${orderId} is not in this door's pack`);
    const note = orderCheckInNote(orderId, reason);
    const seqs: number[] = [];
    const queuedTickets: string[] = [];
    const results = tickets.map((ticketId) => {
      const decision = this.validator.checkManual(ticketId, { at });
      // Only the tickets that can get in are tried (as on the server); the others are answered.
      if (decision.result === 'admitted') {
        this.validator.record(decision);
        const admission = this.validator.admission(ticketId) ?? null;
        seqs.push(this.state.recordOfflineScan('', decision, admission, note));
        queuedTickets.push(ticketId);
        this.markPending(ticketId, 1);
      }
      return { ticketId, result: decision.result, reason: decision.reason };
    });
    const active = tickets.filter((id) => this.validator.revocation(id) === undefined);
    return {
      outcome: {
        orderId,
        mode: 'offline',
        fallback: cause,
        results,
        tickets: active.length,
        admitted: active.filter((id) => this.validator.admission(id)?.inside).length,
        occupancy: this.validator.occupancy(),
        queued: seqs.length > 0,
      },
      seqs,
      queuedTickets,
    };
  }

  private acceptOrderOnline(answer: OrderCheckInAnswer): OrderCheckInOutcome {
    const changes: StateChanges = { revoked: [], admissions: [] };
    for (const result of answer.results) {
      const learnt = this.learnFromServer(result.ticket_id, result.result, result.reason, 'in', null);
      if (learnt) {
        changes.revoked.push(...learnt.revoked);
        changes.admissions.push(...learnt.admissions);
      }
    }
    this.state.saveChanges(changes);
    return {
      orderId: answer.order.id,
      mode: 'online',
      results: answer.results.map((r) => ({ ticketId: r.ticket_id, result: r.result, reason: r.reason })),
      tickets: answer.order.tickets,
      admitted: answer.order.admitted,
      occupancy: answer.occupancy,
      queued: false,
    };
  }

  /** A whole order the server admitted after the door had done it alone: the queued copies go. */
  private reconcileLateOrder(
    request: Promise<OrderCheckInAnswer>,
    seqs: number[],
    queuedTickets: readonly string[],
  ): void {
    // As for a late scan: a sync meanwhile must not upload what the server may be recording.
    for (const seq of seqs) this.awaitingAnswer.add(seq);
    const work = request.then(
      (answer) => {
        // Only the marks this check-in added: another queued scan of a ticket keeps its own.
        for (const ticketId of queuedTickets) this.markPending(ticketId, -1);
        this.state.settle(seqs, [], null);
        this.acceptOrderOnline(answer);
      },
      () => undefined,
    );
    void work.finally(() => {
      for (const seq of seqs) this.awaitingAnswer.delete(seq);
    });
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private acceptOnline(answer: ValidateAnswer, direction: Direction, started: number): ScanOutcome {
    const ticketId = answer.ticket?.id ?? answer.scan.ticket_id;
    const changes = this.learnFromServer(ticketId, answer.result, answer.reason, direction, answer.ticket);
    if (changes) this.state.saveChanges(changes);
    return {
      result: answer.result,
      reason: answer.reason,
      credential: answer.credential,
      ticketId,
      direction,
      mode: 'online',
      ms: performance.now() - started,
      queued: false,
      ticket: answer.ticket,
      attendee: answer.attendee,
      scan: answer.scan,
      order: answer.order ?? null,
      occupancy: answer.occupancy ?? null,
    };
  }

  /**
   * The server answered after the door had decided alone. It has recorded the attempt, so the
   * queued copy goes (uploading it would count the scan twice); a different verdict is kept as
   * a conflict for the staff. If the answer never comes, the queued scan syncs later.
   */
  private reconcileLate(request: Promise<ValidateAnswer>, outcome: ScanOutcome, seq: number): void {
    this.awaitingAnswer.add(seq);
    const work = request.then(
      (answer) => {
        const ticketId = answer.ticket?.id ?? answer.scan.ticket_id;
        const conflicts: ConflictRecord[] =
          answer.result === outcome.result
            ? []
            : [
                {
                  ticketId,
                  scannedAt: Date.parse(answer.scan.scanned_at),
                  localResult: outcome.result,
                  serverResult: answer.result,
                  serverReason: answer.reason,
                  conflict: outcome.result === 'admitted' && answer.reason === 'already_scanned',
                  recordedAt: this.now(),
                },
              ];
        if (ticketId) this.markPending(ticketId, -1);
        this.state.settle([seq], conflicts, null);
        const changes = this.learnFromServer(
          ticketId,
          answer.result,
          answer.reason,
          outcome.direction,
          answer.ticket,
        );
        if (changes) this.state.saveChanges(changes);
      },
      () => undefined,
    );
    void work.finally(() => this.awaitingAnswer.delete(seq));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /**
   * Uploads one batch. A scan whose time the server refuses (400 naming `scans[i].scanned_at`:
   * more than 7 days old, or ahead of its clock) is set aside, and null answered so the caller
   * reads the queue again: judged by the server's clock, never this device's, which may be the
   * very thing that is wrong.
   */
  private async uploadOrSetAside(
    api: DoorApi,
    pairing: Pairing,
    batch: QueuedScan[],
    report: SyncReport,
  ): Promise<SyncAnswer | null> {
    try {
      return await api.sync({
        device_id: pairing.deviceId,
        ...(this.eventId ? { event_id: this.eventId } : {}),
        scans: batch.map((scan) =>
          (scan.kind ?? (scan.token === '' ? 'manual' : 'code')) === 'manual'
            ? {
                kind: 'manual' as const,
                ticket_id: scan.ticketId ?? '',
                note: scan.note ?? 'Manual check-in',
                scanned_at: iso(scan.scannedAt),
                result: scan.result,
                direction: scan.direction,
              }
            : {
                token: scan.token,
                scanned_at: iso(scan.scannedAt),
                result: scan.result,
                direction: scan.direction,
                reason: scan.reason,
                ...(scan.note ? { note: scan.note } : {}),
              },
        ),
      });
    } catch (err) {
      const index = refusedTimeIndex(err);
      const refused = index === null ? undefined : batch[index];
      if (!refused) throw err;
      if (refused.ticketId) this.markPending(refused.ticketId, -1);
      this.state.setAside([refused.seq], this.now());
      report.setAside++;
      return null;
    }
  }

  private async runSync(): Promise<SyncReport> {
    const api = this.api();
    const pairing = this.pairingInfo as Pairing;
    const report: SyncReport = {
      uploaded: 0,
      admitted: 0,
      rejected: 0,
      conflicts: 0,
      disagreements: [],
      setAside: 0,
    };
    for (;;) {
      const batch = this.state
        .queued(syncBatch + this.awaitingAnswer.size)
        .filter((scan) => !this.awaitingAnswer.has(scan.seq))
        .slice(0, syncBatch);
      if (batch.length === 0) break;
      const answer = await this.uploadOrSetAside(api, pairing, batch, report);
      if (answer === null) continue;
      if (answer.results.length !== batch.length) {
        throw new ScannerError(
          'bad_response',
          `sync answered ${answer.results.length} results for ${batch.length} scans`,
        );
      }
      const at = this.now();
      const disagreements: ConflictRecord[] = [];
      const changes: StateChanges = { revoked: [], admissions: [] };
      batch.forEach((scan, i) => {
        const result = answer.results[i]!;
        report.uploaded++;
        if (result.result === 'admitted') report.admitted++;
        else report.rejected++;
        if (result.conflict) report.conflicts++;
        if (result.conflict || result.result !== scan.result) {
          disagreements.push({
            ticketId: result.ticket_id,
            scannedAt: scan.scannedAt,
            localResult: scan.result,
            serverResult: result.result,
            serverReason: result.reason,
            conflict: result.conflict,
            recordedAt: at,
            ...withDoubleAdmission(result.double_admission),
          });
        }
        if (scan.ticketId) this.markPending(scan.ticketId, -1);
      });
      // Pending marks drop first, so the server's verdicts below are not ignored as stale.
      batch.forEach((scan, i) => {
        const result = answer.results[i]!;
        const learnt = this.learnFromServer(
          result.ticket_id,
          result.result,
          result.reason,
          scan.direction,
          null,
        );
        if (learnt) {
          changes.revoked.push(...learnt.revoked);
          changes.admissions.push(...learnt.admissions);
        }
      });
      this.state.settle(
        batch.map((scan) => scan.seq),
        disagreements,
        at,
      );
      this.state.saveChanges(changes);
      report.disagreements.push(...disagreements);
    }
    return report;
  }

  /** What the server's verdict on one attempt says about the ticket, applied to the validator. */
  private learnFromServer(
    ticketId: string | null,
    result: ScanResult,
    reason: RejectReason | null,
    direction: Direction,
    ticket: ScanTicketView | null,
  ): StateChanges | null {
    if (!ticketId) return null;
    const changes: StateChanges = { revoked: [], admissions: [] };
    if (reason === 'voided' || reason === 'transferred') {
      // The answer's time of a replacement is kept too: the door may be offline at the next showing.
      const entry = {
        ticket_id: ticketId,
        status: reason,
        ...(ticket?.transferred_at ? { transferred_at: ticket.transferred_at } : {}),
      };
      this.validator.revokeEntry(entry);
      changes.revoked.push(entry);
      return changes;
    }
    if (this.pending.has(ticketId)) return null;
    if (ticket) {
      // The server's own state of the ticket beats any inference from the verdict.
      const known = this.validator.admission(ticketId);
      const next: AdmissionState = {
        inside: ticket.inside,
        count: Math.max(ticket.scan_count, known?.count ?? 0),
      };
      this.validator.restoreAdmission(ticketId, next);
    } else if (result === 'admitted' && direction === 'out') this.validator.learnExited(ticketId);
    else if (result === 'admitted' || reason === 'already_scanned') this.validator.learnAdmitted(ticketId);
    else return null;
    const admission = this.validator.admission(ticketId);
    if (admission) changes.admissions.push([ticketId, admission]);
    return changes;
  }

  private applyPack(pack: DoorPack, full: boolean): StateChanges {
    this.validator.setEvent(pack.event);
    this.validator.setKeys(pack.jwks.keys);
    if (pack.tiers) this.validator.setTiers(pack.tiers);
    const changes: StateChanges = { revoked: [...pack.revoked], admissions: [] };
    for (const entry of pack.revoked) this.validator.revokeEntry(entry);
    const touched = (ticketId: string, learn: (id: string) => void): void => {
      if (this.pending.has(ticketId)) return;
      learn(ticketId);
      const admission = this.validator.admission(ticketId);
      if (admission) changes.admissions.push([ticketId, admission]);
    };
    for (const ticketId of pack.scanned) touched(ticketId, (id) => this.validator.learnAdmitted(id));
    for (const ticketId of pack.exited ?? []) touched(ticketId, (id) => this.validator.learnExited(id));
    const holders = packHolders(pack);
    if (full && pack.holders !== undefined) this.validator.clearHolders();
    this.validator.addHolders(holders);
    changes.holders = holders;
    changes.holdersReplaced = full && pack.holders !== undefined;
    if (full) {
      // A whole pack lists everyone inside now: anyone else this door still thinks is inside
      // has left through another door (unless this door's own unsynced scan says otherwise).
      const inside = new Set(pack.scanned);
      for (const [ticketId, admission] of this.state.admissions()) {
        if (admission.inside && !inside.has(ticketId))
          touched(ticketId, (id) => this.validator.learnExited(id));
      }
    }
    return changes;
  }

  private applyFeedMessage(message: SseMessage, options: FollowOptions): void {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (message.event === 'scan') {
      const scan = data as ScanView;
      // Our own online scans were applied when answered; our synced ones by the sync.
      if (scan.device_id !== this.pairingInfo?.deviceId) {
        const changes = this.learnFromServer(scan.ticket_id, scan.result, scan.reason, scan.direction, null);
        if (changes) this.state.saveChanges(changes);
      }
      // Another door let in a ticket whose counted entry is ours: our steward must hear it too.
      const counted =
        scan.conflict &&
        countedHereConflict(scan, this.pairingInfo?.deviceId ?? null, this.state.conflicts(), this.now());
      if (counted) {
        this.state.settle([], [counted], null);
        options.onDoubleAdmission?.(counted);
      }
      options.onScan?.(scan);
    } else if (message.event === 'ticket') {
      const change = data as TicketChange;
      if (change.ticket_id && (change.change === 'voided' || change.change === 'transferred')) {
        const status = change.change as RevokedStatus;
        this.validator.revoke(change.ticket_id, status);
        this.state.saveChanges({ revoked: [{ ticket_id: change.ticket_id, status }], admissions: [] });
      }
      options.onTicket?.(change);
    }
  }

  /** The later of the feed position this device reached and the one its pack is good up to. */
  private resumeCursor(): string | null {
    const candidates = [this.state.feedCursor(), this.state.loadPack()?.cursor ?? null].filter(
      (c): c is string => c !== null && /^\d+$/.test(c),
    );
    if (candidates.length === 0) return null;
    return candidates.reduce((a, b) => (Number(b) > Number(a) ? b : a));
  }

  /**
   * Sends a request stamped `scanned_at`, racing it against the deadline. When the server refuses
   * that time (400 on `scanned_at`: more than 5 minutes ahead of its clock, or too old), its
   * answer's Date header has just re-measured this door's clock: the kept offset a new run starts
   * from was stale (the wall clock was set between two runs). The server recorded nothing, so the
   * request is sent once more on the re-measured time, within what is left of the deadline; the
   * caller decides offline on that time too if the retry fails.
   */
  private async askOnServerTime<T>(
    at: number,
    deadlineMs: number,
    send: (scannedAt: number, timeoutMs: number) => Promise<T>,
  ): Promise<{ raced: Raced<T>; request: Promise<T>; at: number }> {
    if (this.clockUnmeasured()) ({ at, deadlineMs } = await this.measureClockFirst(at, deadlineMs));
    const started = performance.now();
    const request = send(at, requestTimeoutMs(deadlineMs));
    const raced = await raceDeadline(request, deadlineMs);
    if (raced.kind !== 'failed' || !refusedScanTime(raced.error)) return { raced, request, at };
    const elapsed = performance.now() - started;
    const remeasured = this.now();
    // The estimate did not move: the same time would be refused again.
    if (Math.abs(remeasured - at - elapsed) <= clockToleranceMs) return { raced, request, at };
    const leftMs = Math.max(1, deadlineMs - elapsed);
    const retry = send(remeasured, requestTimeoutMs(leftMs));
    return { raced: await raceDeadline(retry, leftMs), request: retry, at: remeasured };
  }

  /**
   * Asks the server's health within half the deadline, only for its answer's Date (which the
   * transport reports to `now`'s clock), and moves `at` by what that measurement corrected. A
   * time the server accepts but is hours wrong (a date set behind before a reboot) would
   * otherwise have a valid code judged "not valid yet"; no refusal would re-measure it.
   */
  private async measureClockFirst(
    at: number,
    deadlineMs: number,
  ): Promise<{ at: number; deadlineMs: number }> {
    const started = performance.now();
    const before = this.now();
    const probeMs = deadlineMs / 2;
    await raceDeadline(this.api().health({ timeoutMs: requestTimeoutMs(probeMs) }), probeMs);
    const elapsed = performance.now() - started;
    return { at: at + (this.now() - before - elapsed), deadlineMs: Math.max(1, deadlineMs - elapsed) };
  }

  private markPending(ticketId: string, delta: number): void {
    const next = (this.pending.get(ticketId) ?? 0) + delta;
    if (next > 0) this.pending.set(ticketId, next);
    else this.pending.delete(ticketId);
  }
}

/** A sync result's pair of doors, as a ConflictRecord's optional field. */
function withDoubleAdmission(
  wire: SyncAnswer['results'][number]['double_admission'],
): Pick<ConflictRecord, 'doubleAdmission'> {
  const pair = doubleAdmissionOf(wire);
  return pair ? { doubleAdmission: pair } : {};
}

/** The server refused a door request's own `scanned_at` (400 `invalid_field`). */
const refusedScanTime = (err: unknown): boolean =>
  isScannerError(err, 'http_error') &&
  err.status === 400 &&
  err.apiCode === 'invalid_field' &&
  err.param === 'scanned_at';

/** The item of an upload whose `scanned_at` the server refused (400 `invalid_field`), if that was it. */
function refusedTimeIndex(err: unknown): number | null {
  if (!isScannerError(err, 'http_error') || err.status !== 400 || err.apiCode !== 'invalid_field')
    return null;
  const match = /^scans\[(\d+)\]\.scanned_at$/.exec(err.param ?? '');
  return match ? Number(match[1]) : null;
}

/** The words a door says when the server refuses its key, wherever that is found out. */
export const revokedWords =
  'The venue server no longer accepts this door’s key (the device was revoked). Pair it again.';

const revokedError = (status = 401, apiCode: string | undefined = 'invalid_api_key'): ScannerError =>
  new ScannerError('device_revoked', revokedWords, status, apiCode);
