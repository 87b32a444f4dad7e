/**
 * A paired door: online validation with a 300 ms offline fallback, the door pack, sync of
 * offline scans and the live scan feed, over a DeviceState and a Transport. Browser-safe: the
 * Node CLI plugs in SQLite and certificate pinning (node-device.ts), a door page could plug in
 * memory and fetch.
 *
 * Its parts beside it: door-knowledge.ts (what the door knows without asking), door-offline.ts
 * (deciding alone from the pack), door-sync.ts (uploading offline scans), door-pairing.ts
 * (pairing, moving to a new address, a refused key) and door-outcomes.ts (what the calls answer).
 */
import type { OrderCheckInAnswer, ScanView, TicketChange, ValidateAnswer } from './api-types.js';
import { backoffDelay } from '../shared/backoff.js';
import { parseCredential } from '../shared/ticket-token.js';
import { reconnectLoop } from '../shared/reconnect-loop.js';
import { stewardReasonProblem } from '../shared/steward-reason.js';
import { raceDeadline, type Raced } from './deadline.js';
import { clockToleranceMs } from './door-clock.js';
import type {
  ConflictRecord,
  DeviceState,
  DeviceStatus,
  PackInfo,
  Pairing,
  StateChanges,
} from './device-state.js';
import { DoorApi, iso } from './door-api.js';
import { DoorKnowledge } from './door-knowledge.js';
import { capacityRefusal, checkInOrderOffline, decideManual, decideOffline } from './door-offline.js';
import {
  fallbackCause,
  type DoorDeviceOptions,
  type FallbackCause,
  type FollowOptions,
  type LookupOutcome,
  type OrderCheckInOutcome,
  type ScanOutcome,
  type SyncReport,
} from './door-outcomes.js';
import { confirmKeyAccepted, pairWithCode, revokedError } from './door-pairing.js';
import { uploadQueue } from './door-sync.js';
import { countedHereConflict } from './double-admission.js';
import { isScannerError, ScannerError } from './errors.js';
import { lookupMinLength, type OfflineValidator } from './offline-validator.js';
import type { PairingCode } from './pairing-code.js';
import { SseParser, type SseMessage } from './sse-parser.js';
import type { Transport } from './transport.js';
import type { Direction, Occupancy, RevokedStatus } from './types.js';

// The door's public vocabulary lives beside it; importers keep reaching it here.
export type {
  DoorDeviceOptions,
  FallbackCause,
  FollowOptions,
  LookupOutcome,
  OrderCheckInOutcome,
  ScanOutcome,
  SyncReport,
} from './door-outcomes.js';
export { revokedWords } from './door-pairing.js';

/**
 * The door never waits longer than this for the server before deciding on its own, unless told
 * otherwise (DoorDeviceOptions.deadlineMs: the CLI's --deadline, the door page's stored setting).
 */
export const onlineDeadlineMs = 300;
/** A slow online answer is still awaited this long in the background, to reconcile it. */
export const lateAnswerTimeoutMs = 5_000;

/**
 * How long a request for a decision may run: the late-answer window, and never less than twice
 * the deadline, so a door given a long deadline (a test on a loaded machine, a slow venue
 * network) really waits that long instead of having its request cut at 5 s.
 */
const requestTimeoutMs = (deadlineMs: number): number => Math.max(lateAnswerTimeoutMs, 2 * deadlineMs);

/** A refusal a door must show as such, never replace with its own offline verdict. */
const isClientError = (error: unknown): boolean =>
  isScannerError(error, 'http_error') &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500;

const withoutKey = ({ apiKey: _apiKey, ...rest }: Pairing): Omit<Pairing, 'apiKey'> => rest;
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
  /** The pack, what is known of each ticket, and which tickets have scans the server has not had. */
  private readonly knowledge: DoorKnowledge;
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
    this.pairingInfo = this.state.loadPairing();
    this.knowledge = new DoorKnowledge(this.state, this.now);
    this.validator = this.knowledge.validator;
  }

  /** Trades a pairing code for a device key and remembers the server it came from. */
  static async pair(code: PairingCode, name: string, options: DoorDeviceOptions): Promise<DoorDevice> {
    const { pairing, transport } = await pairWithCode(code, name, options);
    return new DoorDevice({
      ...options,
      transport: (p) => (p === pairing ? transport : options.transport(p)),
    });
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
    await confirmKeyAccepted(transport, current);
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

  /**
   * Pulls the door pack: whole the first time (or when asked, or when the state dropped the names
   * to make room: a whole pack brings them back), then only what changed.
   */
  async pull(
    options: { full?: boolean } = {},
  ): Promise<{ full: boolean; revoked: number; scanned: number; exited: number; cursor: string | null }> {
    this.refuseIfRevoked();
    const api = this.api();
    const before = this.state.loadPack();
    const since = options.full || !before || this.state.namesDropped?.() ? null : before.cursor;
    const eventId = this.eventId ?? before?.event.id ?? null;
    const pack = await api.doorPack(eventId, since);
    const changes = this.knowledge.applyPack(pack, pack.full ?? since === null);
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
      return decideOffline(this.knowledge, token, at, direction, started, 'offline_mode', undefined, reason)
        .outcome;

    // This door decided about the ticket while offline and the server has not heard yet: asked
    // now, it would admit the code as if for the first time (a second admission). The offline
    // scans go up first; if that cannot finish within the deadline, this door's own record decides.
    const ticketId = parseCredential(token)?.claims.sub;
    if (ticketId && this.knowledge.isPending(ticketId)) {
      await raceDeadline(this.sync(), this.deadlineMs);
      if (this.knowledge.isPending(ticketId))
        return decideOffline(this.knowledge, token, at, direction, started, 'unsynced', undefined, reason)
          .outcome;
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
        return capacityRefusal(this.knowledge, token, direction, started, 'online');
      const { status } = raced.error;
      if (status === 401 || status === 403) throw revokedError(status, raced.error.apiCode);
    }

    const cause = raced.kind === 'late' ? 'timeout' : fallbackCause(raced.error);
    const { outcome, seq } = decideOffline(
      this.knowledge,
      token,
      at,
      direction,
      started,
      cause,
      raced,
      reason,
    );
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
    this.knowledge.requirePack();
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
      const { outcome, seq } = decideManual(this.knowledge, ticketId, note, at, started, cause);
      if (raced.kind === 'late' && seq !== null) this.reconcileLate(request, outcome, seq);
      return outcome;
    }
    return decideManual(this.knowledge, ticketId, note, at, started, 'offline_mode').outcome;
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
        const outcome = checkInOrderOffline(this.knowledge, orderId, reason, at, 'timeout');
        this.reconcileLateOrder(request, outcome.seqs, outcome.queuedTickets);
        return outcome.outcome;
      }
      cause = fallbackCause(raced.error);
    }
    return checkInOrderOffline(this.knowledge, orderId, reason, at, cause).outcome;
  }

  /**
   * Uploads queued offline scans; the server's word replaces this device's guesses. Scans held
   * back (recorded before this door was revoked and paired again) go too only with `includeHeld`:
   * a manager's decision, not something a door does on its own.
   */
  sync(options: { includeHeld?: boolean } = {}): Promise<SyncReport> {
    if (this.pairingInfo?.revokedAt !== undefined) return Promise.reject(revokedError());
    if (options.includeHeld)
      for (const scan of this.state.releaseHeld())
        if (scan.ticketId) this.knowledge.markPending(scan.ticketId, 1);
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

  private async runSync(): Promise<SyncReport> {
    return uploadQueue({
      api: this.api(),
      pairing: this.pairingInfo as Pairing,
      eventId: () => this.eventId,
      knowledge: this.knowledge,
      awaitingAnswer: this.awaitingAnswer,
    });
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

  private acceptOrderOnline(answer: OrderCheckInAnswer): OrderCheckInOutcome {
    const changes: StateChanges = { revoked: [], admissions: [] };
    for (const result of answer.results) {
      const learnt = this.knowledge.learnFromServer(
        result.ticket_id,
        result.result,
        result.reason,
        'in',
        null,
      );
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
        for (const ticketId of queuedTickets) this.knowledge.markPending(ticketId, -1);
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
    const changes = this.knowledge.learnFromServer(
      ticketId,
      answer.result,
      answer.reason,
      direction,
      answer.ticket,
    );
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
        if (ticketId) this.knowledge.markPending(ticketId, -1);
        this.state.settle([seq], conflicts, null);
        const changes = this.knowledge.learnFromServer(
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
        const changes = this.knowledge.learnFromServer(
          scan.ticket_id,
          scan.result,
          scan.reason,
          scan.direction,
          null,
        );
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
   * that time (400 on `scanned_at`: more than 10 minutes ahead of its clock, or too old), its
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
}

/** The server refused a door request's own `scanned_at` (400 `invalid_field`). */
const refusedScanTime = (err: unknown): boolean =>
  isScannerError(err, 'http_error') &&
  err.status === 400 &&
  err.apiCode === 'invalid_field' &&
  err.param === 'scanned_at';
