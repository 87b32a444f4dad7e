import { create } from 'zustand';
import {
  DoorDevice,
  revokedWords,
  type DoorDeviceOptions,
  type FallbackCause,
  type ScanOutcome,
  type SyncReport,
} from '../../../scanner/door-device.js';
import type { ConflictRecord } from '../../../scanner/device-state.js';
import { isScannerError } from '../../../scanner/errors.js';
import { FetchTransport } from '../../../scanner/fetch-transport.js';
import { parsePairingCode } from '../../../scanner/pairing-code.js';
import type { Credential, RejectReason, ScanResult } from '../../../scanner/types.js';
import { parseCredential } from '../../../shared/ticket-token.js';
import { replacedAtOf, verdictWords, type LastAdmission } from '../lib/scan-words.js';
import {
  conflictRows,
  doubleAdmissionWarning,
  handledConflictsKey,
  saveHandledConflicts,
  stillToCheck,
  storedHandledConflicts,
  type ConflictRow,
  type PackNames,
} from '../lib/door-conflicts.js';
import { fetchOccupancy, type DoorAuth } from '../lib/door-calls.js';
import { storedDeadlineMs } from '../lib/door-deadline.js';
import { clockOffsetKey, clockOffsetMs, correctedNow, storedClockOffset } from '../lib/door-clock.js';
import { offlineSinceKey, offlineSpellStart } from '../lib/offline-since.js';
import { pairingPath } from '../lib/settings-places.js';
import { scanReasonWords } from '../../../shared/scan-reasons.js';
import { StoredDeviceState, type KeyValueStorage } from '../../../scanner/stored-device-state.js';

/** `revoked`: the server refuses this door's key; it admits no one until it is paired again. */
export type DoorPhase = 'unpaired' | 'pairing' | 'loading' | 'ready' | 'revoked';
export type DoorConnection = 'unknown' | 'online' | 'offline';

export interface Verdict {
  /** Increments per scan, so the screen can restart its timer and sound for every verdict. */
  seq: number;
  result: ScanResult;
  reason: RejectReason | null;
  /** What the guest showed: their phone's code or a paper pass. */
  credential: Credential;
  title: string;
  detail: string;
  name: string | null;
  /** The ticket's tier, when the server answered (an offline decision knows only its id). */
  tierName: string | null;
  ticketId: string | null;
  mode: 'online' | 'offline';
  /** An offline decision waiting to be synced (a venue-full refusal records nothing). */
  queued: boolean;
  at: number;
  /** A steward's manual check-in: their reason ("dead phone"); null for a scanned code. */
  manualReason: string | null;
  /** The ticket's order, when others of it can still get in: the verdict offers them in one tap. */
  order: { id: string; others: number } | null;
}

/** Inside / capacity as this door knows it: the server's count online, its own pack offline. */
export interface DoorOccupancy {
  inside: number;
  capacity: number | null;
  from: 'server' | 'door';
}

interface DoorState {
  phase: DoorPhase;
  connection: DoorConnection;
  /** Shown under the pairing form or the scanner: what went wrong, in words. */
  error: string | null;
  /** A passing message ("That is a pairing code…", "Synced 3 scans"). */
  notice: string | null;
  deviceName: string | null;
  eventTitle: string | null;
  queued: number;
  lastSyncAt: number | null;
  /** When the door pack (tickets, voids, who is inside) was last pulled: how fresh the door's knowledge is. */
  packPulledAt: number | null;
  /** When the server was first missed in the current outage. */
  offlineSince: number | null;
  /** Conflicts still to check: those the stewards have not marked Done. */
  conflicts: number;
  verdict: Verdict | null;
  /** True while the live feed from the server is connected. */
  live: boolean;
  storageProblem: string | null;
  /** What the door dropped from a full storage to keep its offline scans (the names), until back. */
  storageNote: string | null;
  /** The guest list's names are not in storage (dropped to make room) until the next whole pull. */
  namesDropped: boolean;
  occupancy: DoorOccupancy | null;
  /** The server's clock minus this device's, from the health check; null until known. */
  clockOffsetMs: number | null;

  /** Restores a pairing kept in `env.storage`, or stays unpaired. Called once by the page. */
  boot(env: DoorEnv): void;
  pair(codeText: string, name: string): Promise<boolean>;
  scan(token: string): Promise<Verdict | null>;
  sync(): Promise<void>;
  checkServer(): Promise<void>;
  dismissVerdict(): void;
  /** Shows a verdict that did not come from a scanned code (a manual check-in). */
  showVerdict(verdict: Omit<Verdict, 'seq' | 'at'>): Verdict;
  refreshOccupancy(): Promise<void>;
  /**
   * What a decision says of the server: it answered, or it could not be reached (or too late), so
   * the door is offline until the health check hears it again, and then syncs what waits.
   */
  heardFrom(outcome: { mode: 'online' | 'offline'; fallback?: FallbackCause }): void;
  /** Marks a conflict Done (dealt with) or, undone, to check again; kept across reloads. */
  markConflict(key: string, done: boolean): void;
  /**
   * Forgets the pairing. Refused while scans wait for sync, unless `dropQueued` (a revoked door:
   * its key can never upload them).
   */
  unpair(dropQueued?: boolean): boolean;
}

/** What the page hands the store: where to keep the door's state, and which server to talk to. */
export interface DoorEnv {
  storage: KeyValueStorage;
  /** The server the page was loaded from (in the desktop app: its own server). */
  origin: string;
}

const healthTimeoutMs = 2_000;
/** How long a passing notice stays up. */
const noticeMs = 15_000;

let env: DoorEnv | null = null;
const serverOrigin = (): string => env?.origin ?? '';
let state: StoredDeviceState | null = null;
let device: DoorDevice | null = null;
let follow: AbortController | null = null;
let verdictSeq = 0;
/** The server's clock minus this device's, as last measured (and kept across reloads). */
let clockOffset: number | null = null;
/** The conflicts a steward marked Done (lib/door-conflicts.ts keeps them in the page's storage). */
let handledConflicts = new Set<string>();
/** When and where tickets were last let in, learnt from this door's scans and the live feed. */
const lastAdmissions = new Map<string, LastAdmission>();

/**
 * The door's time: the server's when this device's clock is off (lib/door-clock.ts). Scans are
 * judged by it, and every time the status line shows is on it (the door pack's, the last sync's,
 * when it went offline), so a phone set wrong does not tell a steward a time the venue never had.
 */
const doorNow = (): number => correctedNow(Date.now(), clockOffset);

/** What every device this page makes shares: where it keeps its state, its server, its deadline. */
const deviceOptions = (deviceState: StoredDeviceState): DoorDeviceOptions => ({
  state: deviceState,
  transport: () => new FetchTransport(serverOrigin()),
  deadlineMs: env ? storedDeadlineMs(env.storage) : undefined,
  now: doorNow,
});

const makeDevice = (deviceState: StoredDeviceState) => new DoorDevice(deviceOptions(deviceState));

/**
 * People this door let in offline whose tickets the server refuses (voided or transferred while
 * the door was away, not a double admission): staff must go and find them, so it is said as a
 * warning naming the tickets, not folded into "Synced N scans".
 */
export function overruledAdmissions(
  disagreements: readonly Pick<
    ConflictRecord,
    'ticketId' | 'localResult' | 'serverResult' | 'serverReason' | 'conflict'
  >[],
  nameOf: (ticketId: string) => string | null = () => null,
): string | null {
  // "Already scanned" without a conflict: this very door had let the guest in before (an answer
  // lost on the Wi-Fi), so the one person inside is the ticket's holder, not someone to find.
  const wrong = disagreements.filter(
    (d) =>
      d.localResult === 'admitted' &&
      d.serverResult === 'rejected' &&
      !d.conflict &&
      d.serverReason !== 'already_scanned',
  );
  if (wrong.length === 0) return null;
  const list = wrong
    .map((d) => {
      const name = d.ticketId ? nameOf(d.ticketId) : null;
      const who = [name, d.ticketId].filter(Boolean).join(', ') || 'unknown ticket';
      return `${who} — ${d.serverReason ? scanReasonWords[d.serverReason].log : 'refused'}`;
    })
    .join('; ');
  return `Let in while offline, but the server refuses ${wrong.length === 1 ? 'this ticket' : 'these tickets'}: ${list}. Find ${wrong.length === 1 ? 'the guest' : 'the guests'} and check.`;
}

/** An offline decision names no tier: the code says which, the door pack what it is called. */
function offlineTierName(token: string): string | null {
  const tierId = parseCredential(token)?.claims.tier;
  return (tierId && device?.validator.tierName(tierId)) ?? null;
}

/** The guest's name from the door pack, for what the door decided without the server. */
const holderName = (ticketId: string | null): string | null =>
  (ticketId && device?.validator.holder(ticketId)?.name) || null;

/**
 * The scans the server saw differently at sync, newest first, named from the door pack. Read from
 * the device's state (localStorage), so the list is there again after a reload.
 */
export function doorConflicts(): ConflictRow[] {
  if (!device) return [];
  return conflictRows(device.conflicts(), packNames, handledConflicts);
}

/** The guest and tier the door pack names for a ticket. */
const packNames: PackNames = {
  name: holderName,
  tierName: (ticketId) => {
    const tierId = device?.validator.holder(ticketId)?.tierId;
    return (tierId && device?.validator.tierName(tierId)) || null;
  },
};

/** The warnings a sync leaves on the door: tickets to find, and tickets let in at two doors. */
function syncWarnings(disagreements: readonly ConflictRecord[]): string | null {
  const warnings = [
    overruledAdmissions(disagreements, holderName),
    ...disagreements.map((d) => doubleAdmissionWarning(d, packNames)),
  ].filter((words): words is string => words !== null);
  return warnings.length > 0 ? warnings.join(' ') : null;
}

/** How this door calls the venue server as itself (lookups, check-ins), when paired. */
export function doorAuth(): DoorAuth | null {
  const pairing = device?.pairing;
  if (!pairing) return null;
  return {
    origin: serverOrigin(),
    apiKey: pairing.apiKey,
    deviceId: pairing.deviceId,
    eventId: device?.eventId ?? null,
  };
}

/** The paired door's SDK device, for the desk actions (lookup, check-ins). */
export const doorDevice = (): DoorDevice | null => device;

/** Offline: who is inside as far as this door knows (its pack, the feed, its own scans). */
function occupancyFromDoor(): DoorOccupancy | null {
  if (!device?.validator.ready) return null;
  const { inside, capacity } = device.occupancy();
  return { inside, capacity, from: 'door' };
}

/**
 * The others of a just-admitted ticket's order who can still get in: the server's count when it
 * answered, else the door pack's (its names list says who bought together).
 */
export function restOfOrder(
  ticketId: string,
  answered: { id: string; tickets: number; admitted: number } | null,
): { id: string; others: number } | null {
  if (answered) {
    const others = answered.tickets - answered.admitted;
    return others > 0 ? { id: answered.id, others } : null;
  }
  const validator = device?.validator;
  const holder = validator?.holder(ticketId);
  // A ticket transferred in is its holder's alone: no "admit the other N" of the buyer's order.
  const orderId = holder && !holder.fromTransfer ? holder.orderId : undefined;
  if (!validator || !orderId) return null;
  const others = validator
    .orderTickets(orderId)
    .filter((id) => id !== ticketId && !validator.revocation(id) && !validator.admission(id)?.inside).length;
  return others > 0 ? { id: orderId, others } : null;
}

/** The server refuses this device's key: revoked (or its key deleted) at the box office. */
const isRevoked = (err: unknown): boolean =>
  isScannerError(err, 'device_revoked') ||
  (isScannerError(err, 'http_error') && (err.status === 401 || err.status === 403));

function problemText(err: unknown): string {
  if (isScannerError(err, 'http_error') && err.apiCode === 'invalid_pairing_token')
    return `${err.message.replace(/^.*?: /, '')} Ask for a new pairing QR (${pairingPath('scanner')}).`;
  if (isRevoked(err)) return revokedWords;
  if (isScannerError(err, 'unreachable') || isScannerError(err, 'timeout'))
    return 'Cannot reach the venue server. Check the Wi-Fi, then try again.';
  return err instanceof Error ? err.message : String(err);
}

/** The browser door: pairing, the SDK's online/offline scans, sync and the live feed. */
export const useDoor = create<DoorState>()((set, get) => {
  const refreshStatus = () => {
    if (!device || !state) return;
    const status = device.status();
    set({
      queued: status.queued,
      lastSyncAt: status.lastSyncAt,
      packPulledAt: status.packPulledAt,
      conflicts: stillToCheck(device.conflicts(), handledConflicts),
      eventTitle: status.eventTitle,
      deviceName: status.pairing?.deviceName ?? null,
      storageProblem: state.writeError,
      storageNote: state.roomNote,
      namesDropped: state.namesDropped(),
    });
  };

  /** A passing message ("Synced 3 offline scans") clears itself, so it never reads as current news. */
  const passingNotice = (notice: string) => {
    set({ notice });
    setTimeout(() => {
      if (get().notice === notice) set({ notice: null });
    }, noticeMs);
  };

  /**
   * Every finished sync is announced, the page's own and the one the SDK runs when a ticket with
   * offline scans is shown again (door-device.ts scan()), so an upload is never silent.
   */
  const announceSync = (report: SyncReport) => {
    // What the sync settled (e.g. "scans are still waiting") is no longer true.
    set({ error: syncWarnings(report.disagreements) });
    if (report.uploaded > 0) {
      passingNotice(
        `Synced ${report.uploaded} offline scan${report.uploaded === 1 ? '' : 's'}${report.conflicts > 0 ? `; ${report.conflicts} admitted first at another door` : ''}.`,
      );
    }
    if (report.setAside > 0) {
      passingNotice(
        `${report.setAside} offline scan${report.setAside === 1 ? '' : 's'} could not be uploaded (the server refused ${report.setAside === 1 ? 'its' : 'their'} time: older than 7 days, or this device's clock was ahead); set aside.`,
      );
    }
    refreshStatus();
  };

  /** The page's device, listened to. */
  const adopt = (made: DoorDevice): DoorDevice => {
    made.onSync(announceSync);
    return made;
  };

  /** Stops deciding: no verdict, offline or not, comes from a door the venue has revoked. */
  const enterRevoked = () => {
    follow?.abort();
    follow = null;
    set({ phase: 'revoked', verdict: null, live: false, error: null, notice: null });
    refreshStatus();
  };

  const markOnline = (online: boolean) => {
    const was = get().connection;
    let offlineSince: number | null = null;
    if (online) env?.storage.removeItem(offlineSinceKey);
    else if (was === 'offline') offlineSince = get().offlineSince;
    else {
      // A reload while offline keeps the spell's start (the page comes back from its service worker).
      offlineSince = offlineSpellStart(env?.storage.getItem(offlineSinceKey) ?? null, doorNow());
      env?.storage.setItem(offlineSinceKey, String(offlineSince));
    }
    set({ connection: online ? 'online' : 'offline', offlineSince });
    // Back online with scans waiting: upload them, then catch up on what other doors did.
    if (online && was !== 'online' && get().queued > 0) void get().sync();
  };

  const startFeed = () => {
    follow?.abort();
    if (!device) return;
    const abort = new AbortController();
    follow = abort;
    const own = device.pairing?.deviceId ?? null;
    void device
      .follow({
        signal: abort.signal,
        onStatus: (status) => set({ live: status === 'connected' }),
        // Another door let in a ticket this door let in first: said now, and kept in the list.
        onDoubleAdmission: (record) => {
          set({ error: doubleAdmissionWarning(record, packNames) });
          refreshStatus();
        },
        onScan: (scan) => {
          if (scan.ticket_id && scan.result === 'admitted' && scan.direction === 'in') {
            lastAdmissions.set(scan.ticket_id, {
              at: Date.parse(scan.scanned_at),
              door: scan.device_id === own ? 'this door' : 'another door',
            });
          }
        },
      })
      .catch((err: unknown) => {
        if (isRevoked(err)) enterRevoked();
        else set({ live: false, error: problemText(err) });
      });
  };

  /** Pulls the pack (whole the first time, then changes); the door can decide offline after. */
  const pull = async (): Promise<boolean> => {
    if (!device) return false;
    try {
      await device.pull();
      refreshStatus();
      return true;
    } catch (err) {
      if (isRevoked(err)) {
        enterRevoked();
      } else if (isScannerError(err, 'http_error') && err.apiCode === 'missing_field') {
        set({
          error: `This pairing names no event, so the door cannot know which tickets to admit. In ${pairingPath('scanner')} choose the event, then pair this door again.`,
        });
      } else set({ error: problemText(err) });
      return false;
    }
  };

  /** Finds when an already-scanned ticket got in, when this door has not seen it itself. */
  const lookUpAdmission = async (ticketId: string, seq: number) => {
    const pairing = device?.pairing;
    if (!pairing) return;
    try {
      const query = new URLSearchParams({ ticket_id: ticketId, result: 'admitted', limit: '100' });
      const res = await fetch(`${serverOrigin()}/v2/scans?${query}`, {
        headers: { authorization: `Bearer ${pairing.apiKey}` },
        signal: AbortSignal.timeout(1_500),
      });
      if (!res.ok) return;
      const list = (await res.json()) as {
        data: { scanned_at: string; device_id: string | null; direction: string }[];
      };
      const entries = list.data.filter((s) => s.direction === 'in');
      const last = entries[entries.length - 1];
      if (!last) return;
      const known: LastAdmission = {
        at: Date.parse(last.scanned_at),
        door: last.device_id === pairing.deviceId ? 'this door' : 'another door',
      };
      lastAdmissions.set(ticketId, known);
      const shown = get().verdict;
      if (shown?.seq === seq && shown.reason === 'already_scanned')
        set({ verdict: { ...shown, detail: verdictWords('rejected', 'already_scanned', known).detail } });
    } catch {
      // The plain "Already scanned" stays.
    }
  };

  return {
    phase: 'unpaired',
    connection: 'unknown',
    error: null,
    notice: null,
    deviceName: null,
    eventTitle: null,
    queued: 0,
    packPulledAt: null,
    offlineSince: null,
    lastSyncAt: null,
    conflicts: 0,
    verdict: null,
    live: false,
    storageProblem: null,
    storageNote: null,
    namesDropped: false,
    occupancy: null,
    clockOffsetMs: null,

    boot(pageEnv) {
      if (state) return;
      env = pageEnv;
      clockOffset = storedClockOffset(pageEnv.storage);
      handledConflicts = storedHandledConflicts(pageEnv.storage);
      set({ clockOffsetMs: clockOffset });
      state = new StoredDeviceState(pageEnv.storage);
      if (!state.loadPairing()) {
        set({ phase: 'unpaired' });
        return;
      }
      device = adopt(makeDevice(state));
      refreshStatus();
      set({ phase: device.validator.ready ? 'ready' : 'loading' });
      // Catch up with the server when it answers; a stored pack already lets the door decide.
      void pull().then((ok) => {
        if (get().phase === 'revoked') return;
        if (ok || device?.validator.ready) set({ phase: 'ready' });
        if (get().queued > 0) void get().sync();
      });
      startFeed();
    },

    async pair(codeText, name) {
      if (!state) {
        set({ error: 'The door page has not started yet.' });
        return false;
      }
      let code;
      try {
        code = parsePairingCode(codeText);
      } catch (err) {
        set({ error: problemText(err) });
        return false;
      }
      set({ phase: 'pairing', error: null, notice: null });
      try {
        // The browser cannot pin a certificate: it trusts the origin it loaded this page from,
        // so the pairing always goes there (the QR's URL only says which server made the code).
        device = adopt(
          await DoorDevice.pair(
            { ...code, url: serverOrigin() },
            name.trim() || 'Door',
            deviceOptions(state),
          ),
        );
      } catch (err) {
        set({ phase: 'unpaired', error: problemText(err) });
        return false;
      }
      set({ phase: 'loading', connection: 'online' });
      refreshStatus();
      if (!(await pull())) {
        state.forget();
        device = null;
        set({ phase: 'unpaired' });
        return false;
      }
      set({ phase: 'ready', notice: null });
      startFeed();
      return true;
    },

    async scan(token) {
      if (!device) return null;
      let outcome: ScanOutcome;
      const errorBefore = get().error;
      try {
        outcome = await device.scan(token);
      } catch (err) {
        if (isRevoked(err)) enterRevoked();
        else set({ error: problemText(err) });
        return null;
      }
      get().heardFrom(outcome);
      const at = doorNow();
      // A code whose signature does not check vouches for nothing: a forged one can name a real
      // guest's ticket and a VIP tier, which a refusal must not show as if they were the holder's.
      const vouched = outcome.reason !== 'invalid_signature' && outcome.reason !== 'malformed';
      const ticketId = vouched ? outcome.ticketId : null;
      const known = ticketId ? (lastAdmissions.get(ticketId) ?? null) : null;
      const replaced = replacedAtOf(outcome.ticket) ?? outcome.replacedAt ?? null;
      const words = verdictWords(outcome.result, outcome.reason, known, outcome.credential, replaced);
      const verdict: Verdict = {
        seq: ++verdictSeq,
        result: outcome.result,
        reason: outcome.reason,
        credential: outcome.credential,
        title: words.title,
        detail: words.detail,
        name: outcome.attendee?.name ?? holderName(ticketId),
        tierName: outcome.ticket?.tier_name ?? (vouched ? offlineTierName(token) : null),
        ticketId,
        mode: outcome.mode,
        queued: outcome.queued,
        at,
        manualReason: null,
        order:
          outcome.result === 'admitted' && ticketId ? restOfOrder(ticketId, outcome.order ?? null) : null,
      };
      if (outcome.capacityReached) {
        verdict.title = 'Venue full';
        verdict.detail = 'Admit only with a reason: find the guest below.';
      }
      if (ticketId && outcome.result === 'admitted') lastAdmissions.set(ticketId, { at, door: 'this door' });
      // A verdict clears an old error, but not one raised while deciding it: the sync the scan ran
      // may have found someone let in offline whom the server refuses (announceSync).
      const raised = get().error;
      set({ verdict, error: raised === errorBefore ? null : raised });
      refreshStatus();
      if (ticketId && outcome.reason === 'already_scanned' && !known && outcome.mode === 'online')
        void lookUpAdmission(ticketId, verdict.seq);
      void get().refreshOccupancy();
      return verdict;
    },

    async sync() {
      if (!device) return;
      try {
        // The report is announced by the device's onSync listener (see listen()).
        await device.sync();
        markOnline(true);
        await pull();
        // The count the health check fetched may predate this upload: "1 inside" beside the
        // monitor's 3 until the next poll. Ask again now that the server has these scans.
        await get().refreshOccupancy();
      } catch (err) {
        if (isScannerError(err, 'unreachable') || isScannerError(err, 'timeout')) {
          const waiting = get().queued;
          set({ connection: 'offline' });
          passingNotice(
            `Still offline: cannot reach the venue server${waiting > 0 ? `; ${waiting} scan${waiting === 1 ? '' : 's'} wait to be synced` : ''}.`,
          );
        } else if (isRevoked(err)) enterRevoked();
        else set({ error: problemText(err) });
      }
      refreshStatus();
    },

    async checkServer() {
      try {
        const sentAt = Date.now();
        const res = await fetch(`${serverOrigin()}/v2/health`, {
          signal: AbortSignal.timeout(healthTimeoutMs),
        });
        const offset = clockOffsetMs(res.headers.get('date'), sentAt, Date.now());
        if (offset !== null) {
          clockOffset = offset;
          set({ clockOffsetMs: offset });
          try {
            env?.storage.setItem(clockOffsetKey, String(Math.round(offset)));
          } catch {
            // Full storage: the door still corrects until it is reloaded.
          }
        }
        markOnline(res.ok);
      } catch {
        markOnline(false);
      }
      await get().refreshOccupancy();
    },

    async refreshOccupancy() {
      const auth = doorAuth();
      if (!auth || get().phase !== 'ready') return;
      if (get().connection === 'online') {
        try {
          const now = await fetchOccupancy(auth);
          set({ occupancy: { inside: now.inside, capacity: now.capacity, from: 'server' } });
          return;
        } catch {
          // Fall through to what the door itself knows.
        }
      }
      set({ occupancy: occupancyFromDoor() });
    },

    dismissVerdict: () => set({ verdict: null }),

    showVerdict(partial) {
      const verdict: Verdict = { ...partial, seq: ++verdictSeq, at: doorNow() };
      if (verdict.ticketId && verdict.result === 'admitted')
        lastAdmissions.set(verdict.ticketId, { at: verdict.at, door: 'this door' });
      set({ verdict, error: null });
      refreshStatus();
      void get().refreshOccupancy();
      return verdict;
    },

    heardFrom(outcome) {
      // The SDK decided alone because the server was away: the door is offline until it answers.
      if (outcome.mode === 'online') markOnline(true);
      else if (outcome.fallback === 'unreachable' || outcome.fallback === 'timeout') markOnline(false);
    },

    markConflict(key, done) {
      if (!device || !env) return;
      const marks = new Set(handledConflicts);
      if (done) marks.add(key);
      else marks.delete(key);
      handledConflicts = saveHandledConflicts(env.storage, marks, device.conflicts());
      refreshStatus();
    },

    unpair(dropQueued = false) {
      if (!state?.forget(dropQueued)) {
        set({ error: 'Scans are still waiting to be synced. Reconnect to the venue server first.' });
        return false;
      }
      // The device's conflicts went with the pairing; so do the marks on them.
      handledConflicts = new Set();
      env?.storage.removeItem(handledConflictsKey);
      follow?.abort();
      follow = null;
      device = null;
      lastAdmissions.clear();
      set({
        phase: 'unpaired',
        eventTitle: null,
        deviceName: null,
        queued: 0,
        conflicts: 0,
        verdict: null,
        live: false,
        error: null,
        notice: null,
      });
      return true;
    },
  };
});

/** True when a scanned text is a pairing code rather than a ticket. */
export const isPairingText = (text: string): boolean =>
  /^marquee:(\/\/)?pair\b/i.test(text.trim()) || /^pair_[A-Za-z0-9_-]{16,}(\.[\w -]+)?$/.test(text.trim());

/** A ticket's wallet link (`…/w/<secret>`): what a slip of a phone-only tier carries. */
const isWalletLink = (text: string): boolean =>
  /^https?:\/\/\S*\/w\/[A-Za-z0-9_-]{16,}\/?$/i.test(text.trim());

/**
 * What to say instead of deciding, for a QR that is not a ticket code but is ours: a pairing
 * code, or the wallet link a phone-only tier's slip carries (the door would call it "Not a ticket
 * QR code", and the guest holds a slip Marquee printed). Null for anything to decide on.
 */
export function notATicketHint(text: string): string | null {
  if (isPairingText(text)) return 'That is a pairing code; this door is already paired.';
  if (isWalletLink(text))
    return 'That is the link to a ticket’s page, not the ticket: ask the guest to open it on a phone and show the code there, or find them by name below.';
  return null;
}
