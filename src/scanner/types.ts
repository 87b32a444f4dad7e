/**
 * The door device's own vocabulary (CONTRACT.md "Scanning"). The words it shares with the server
 * come from the generated API types (api-types.ts); what is only the SDK's is written here.
 * Browser-safe: no Node imports, so the renderer's door page can use the same decision logic.
 */
import type { Credential, DoorPack, Direction, RejectReason, ScanResult } from './api-types.js';

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
export type DoorEvent = Pick<PackEvent, 'id'> & Partial<Pick<PackEvent, 'title' | 'status'>>;

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
