/**
 * What a door's calls answer (scan, check-in, lookup, sync) and the options a door is made with:
 * the DoorDevice's public vocabulary, apart from its workings.
 */
import type {
  OrderAdmissions,
  ScanAttendeeView,
  ScanTicketView,
  ScanView,
  TicketChange,
} from './api-types.js';
import type { ConflictRecord, DeviceState, Pairing } from './device-state.js';
import { isScannerError } from './errors.js';
import type { Transport } from './transport.js';
import type { Credential, Direction, LookupMatch, Occupancy, RejectReason, ScanResult } from './types.js';

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

/** Why the server's answer was not used, from the error the request failed with. */
export function fallbackCause(error: unknown): FallbackCause {
  if (isScannerError(error, 'http_error') || isScannerError(error, 'bad_response')) return 'server_error';
  if (isScannerError(error, 'pin_mismatch')) return 'untrusted_server';
  if (isScannerError(error, 'timeout')) return 'timeout';
  return 'unreachable';
}
