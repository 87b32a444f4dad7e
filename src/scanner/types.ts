/**
 * The vocabulary a door device shares with the server (CONTRACT.md "Scanning"). Browser-safe:
 * no Node imports, so the renderer's door page can use the same decision logic.
 */
import type { ScanReason } from '../shared/scan-reasons.js';
import type { Ed25519Jwk } from '../shared/ticket-token.js';

export type ScanResult = 'admitted' | 'rejected';

export type RejectReason = ScanReason;

/** `out` lets a re-entry venue record an exit so the next `in` admits again. */
export type Direction = 'in' | 'out';

export type RevokedStatus = 'voided' | 'transferred';

/** The offline validation material from `GET /v2/scan/door_pack`. */
export interface DoorPack {
  event: { id: string; title?: string; [field: string]: unknown };
  jwks: { keys: Ed25519Jwk[] };
  revoked: { ticket_id: string; status: RevokedStatus }[];
  /** Tickets inside now (admitted and not scanned out since). */
  scanned: string[];
  /** Delta packs only: tickets that were admitted and are outside now. */
  exited?: string[];
  /** False for a delta pack built with `since`. */
  full?: boolean;
  generated_at: string;
  /** Door feed position the pack is good up to: the next `since`, and the SSE Last-Event-ID. */
  cursor?: string;
}

/** What the validator decided, before anything is stored. */
export interface OfflineDecision {
  result: ScanResult;
  reason: RejectReason | null;
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
