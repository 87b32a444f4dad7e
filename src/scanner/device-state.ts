/**
 * What a door device remembers between runs. The SDK's logic depends only on this interface:
 * a Node door keeps it in SQLite (device-store.ts), a browser door page in memory written
 * through to localStorage (stored-device-state.ts; memory-device-state.ts without storage).
 * Browser-safe.
 */
import type { Ed25519Jwk } from '../shared/ticket-token.js';
import type {
  AdmissionState,
  Direction,
  DoorEvent,
  DoorTier,
  Holder,
  OfflineDecision,
  RejectReason,
  RevokedStatus,
  ScanResult,
} from './types.js';

export interface Pairing {
  /** Origin of the venue server, e.g. `https://10.0.0.5:4380`. */
  baseUrl: string;
  /** Lower-case hex SHA-256 of the server certificate; null only for a loopback HTTP server. */
  fingerprint: string | null;
  apiKey: string;
  deviceId: string;
  deviceName: string;
  /** The event this door scans for. */
  eventId: string | null;
  pairedAt: number;
  /**
   * When the server answered that it no longer knows this device's key (revoked, or the key
   * deleted). Kept, so the door admits no one from then on, online or off, until paired again.
   */
  revokedAt?: number;
}

export interface PackInfo {
  event: DoorEvent;
  jwks: { keys: Ed25519Jwk[] };
  /** The event's tiers (paper passes allowed or not); absent in a pack stored by an older SDK. */
  tiers?: DoorTier[];
  generatedAt: string;
  /** The pack's door feed cursor: the next `since=`. */
  cursor: string | null;
  pulledAt: number;
}

export interface QueuedScan {
  seq: number;
  /**
   * 'code': a scanned token; 'manual': a steward's check-in of ticketId (token is ''). Optional
   * so a state kept by an older SDK still reads: a queued item without a token is manual.
   */
  kind?: 'code' | 'manual';
  token: string;
  /** The steward's reason (manual check-ins, admissions past capacity). */
  note?: string | null;
  ticketId: string | null;
  scannedAt: number;
  result: ScanResult;
  reason: RejectReason | null;
  direction: Direction;
  /**
   * Recorded under a pairing the server revoked, and this device paired again since: not
   * uploaded under the new pairing unless someone asks (releaseHeld). Absent: not held.
   */
  held?: boolean;
}

/** A disagreement the staff should hear about: the server's word on an offline decision. */
export interface ConflictRecord {
  ticketId: string | null;
  scannedAt: number;
  localResult: ScanResult;
  serverResult: ScanResult;
  serverReason: RejectReason | null;
  /** The server's flag: another device admitted this ticket first. */
  conflict: boolean;
  recordedAt: number;
  /**
   * A double admission: the ticket was let in at two doors, named by the server (the sync's
   * answer at the door whose entry lost, the feed at the door whose entry counted). Absent on
   * other disagreements, and from a server that does not name the doors.
   */
  doubleAdmission?: DoubleAdmission;
}

/** One door's entry of a ticket, as the server recorded it (`scanned_at` on the venue's clock). */
export interface DoorEntry {
  scanId: string;
  deviceId: string | null;
  /** The door's name as paired; null for a till or API key. */
  deviceName: string | null;
  scannedAt: number;
}

/** The same ticket let in at two doors: the entry the server counts, and the other one. */
export interface DoubleAdmission {
  counted: DoorEntry;
  conflicting: DoorEntry;
}

export interface StateChanges {
  /**
   * As the pack lists them. A state keeps a transfer's time too (`transferred_at`), so a door
   * restarted offline still says "replaced at 19:30"; an entry without one keeps the time known.
   */
  revoked: { ticket_id: string; status: RevokedStatus; transferred_at?: string }[];
  admissions: [string, AdmissionState][];
  /** Names from a pack, for lookup; `holdersReplaced`: a whole pack's list replaces the old one. */
  holders?: Holder[];
  holdersReplaced?: boolean;
}

export interface DeviceStatus {
  paired: boolean;
  /** Scans waiting for sync, the held ones not included. */
  queued: number;
  /** Scans recorded before this door was revoked, held back since it was paired again. */
  held: number;
  conflicts: number;
  admissions: number;
  revoked: number;
  lastSyncAt: number | null;
  /** Queued scans ever set aside at sync (the server refused their time), in total. */
  setAside: number;
  /**
   * Queued scans held in memory only, because the storage refused them (a browser's full
   * localStorage): a reload loses them. Absent from a state that always saves (SQLite).
   */
  unsaved?: number;
  packPulledAt: number | null;
  packGeneratedAt: string | null;
  feedCursor: string | null;
}

export interface DeviceState {
  loadPairing(): Pairing | null;
  /**
   * A new server or event makes the old pack, admissions and revocations meaningless: they go.
   * Paired again after a revocation, the scans still queued are held back (QueuedScan.held).
   */
  savePairing(pairing: Pairing): void;

  loadPack(): PackInfo | null;
  /**
   * Stores a pulled pack in one write: keys and cursor replaced, and the revocations and
   * admission states the pack changed (as the validator merged them) upserted.
   */
  savePack(info: PackInfo, changes: StateChanges): void;

  admissions(): Iterable<[string, AdmissionState]>;
  /**
   * Each revoked ticket, its status and, for a transferred one, when it was replaced (ISO; absent
   * when no pack or answer said, or from a state kept by an older SDK).
   */
  revocations(): Iterable<[string, RevokedStatus, string?]>;
  /**
   * The names the last packs carried (lookup and manual check-in offline). A state that keeps
   * none (optional) has them again at the next whole pull.
   */
  holders?(): Iterable<Holder>;
  /**
   * True when the names were dropped from storage to make room (a browser's full localStorage):
   * the next pull is whole, so they come back. Absent from a state that always keeps them.
   */
  namesDropped?(): boolean;
  /** Admissions and revocations learnt from the server (online answers, sync, the feed). */
  saveChanges(changes: StateChanges): void;

  /**
   * The offline decision and its effect on the ticket, queued for sync, as one write. Returns the
   * queue seq. A manual check-in (decision.credential 'manual') has token '' and its note.
   */
  recordOfflineScan(
    token: string,
    decision: OfflineDecision,
    admission: AdmissionState | null,
    note?: string | null,
  ): number;
  /** The scans sync uploads, oldest first; held ones are not among them. */
  queued(limit: number): QueuedScan[];
  /** Makes the held scans ordinary queued ones (someone decided to upload them); answers them. */
  releaseHeld(): QueuedScan[];
  /** The server has these scans now (by sync or a late online answer): unqueue, note disagreements. */
  settle(seqs: readonly number[], conflicts: readonly ConflictRecord[], syncedAt: number | null): void;
  /**
   * A sync reached the server and it refused these scans' time: unqueued and counted, and the
   * sync is the last sync (it reached the server, even when it uploaded nothing).
   */
  setAside(seqs: readonly number[], syncedAt: number): void;
  conflicts(): ConflictRecord[];

  /** Last SSE event id seen, so a restarted follower resumes where it stopped. */
  feedCursor(): string | null;
  saveFeedCursor(cursor: string): void;

  status(): DeviceStatus;
  close(): void;
}
