/**
 * The door device's own vocabulary (CONTRACT.md "Scanning"). The words it shares with the server
 * come from the generated API types (api-types.ts); what is only the SDK's is written here.
 * Browser-safe: no Node imports, so the renderer's door page can use the same decision logic.
 */
import type {
  Credential,
  DoorPack,
  Direction,
  RejectReason,
  RevokedStatus,
  ScanResult,
} from './api-types.js';

export type {
  Credential,
  DoorPack,
  DoorTier,
  Direction,
  RejectReason,
  RevokedStatus,
  ScanResult,
} from './api-types.js';

type PackEvent = DoorPack['event'];

/**
 * What a door keeps of the pack's event: the id decides `wrong_event`, the status a cancelled
 * night, the title is for display. The validator and the device's store need no more, and taking
 * no more lets a pack restored from a device's store or built by hand (tests, the bench) load too.
 */
export type DoorEvent = Pick<PackEvent, 'id'> & Partial<Pick<PackEvent, 'title' | 'status' | 'capacity'>>;

/** A ticket of the door's event as the pack names it: for lookup by name or order, never an email. */
export interface Holder {
  ticketId: string;
  orderId: string;
  /** The attendee's name; '' when the ticket has none. */
  name: string;
  tierId: string;
  /**
   * The ticket reached its holder by a transfer: theirs, not one of the buyer's group, so it is
   * not admitted with the rest of the order.
   */
  fromTransfer?: boolean;
}

/** A ticket found by name or order at the door (offline from the pack, or from the server). */
export interface LookupMatch {
  ticketId: string;
  orderId: string;
  name: string | null;
  tierName: string | null;
  status: 'active' | RevokedStatus;
  /** Inside now, as far as this door knows. */
  scanned: boolean;
}

/** Inside / capacity: 'warning' from 90 %, 'full' from 100 %; always 'ok' without a capacity. */
export interface Occupancy {
  inside: number;
  capacity: number | null;
  level: 'ok' | 'warning' | 'full';
}

/** What the validator decided, before anything is stored. */
export interface OfflineDecision {
  result: ScanResult;
  reason: RejectReason | null;
  /** What was shown: a phone's rotating code or a paper pass (as the server would record it). */
  credential: Credential;
  /** Null only when the token could not be read at all. */
  ticketId: string | null;
  eventId: string | null;
  direction: Direction;
  /** Epoch ms the scan happened at (the token window is judged at this moment). */
  scannedAt: number;
}

/** How a ticket stands at this door as far as the device knows. */
export interface AdmissionState {
  inside: boolean;
  /** Admissions counted (re-entries add one). */
  count: number;
}
