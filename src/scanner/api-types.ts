/**
 * The parts of the server's answers the SDK reads (CONTRACT.md "Scanning", docs/api.md). Kept
 * here rather than imported from src/server so the SDK stays free of server code.
 */
import type { Direction, RejectReason, ScanResult } from './types.js';

export interface ScanView {
  id: string;
  event_id: string | null;
  ticket_id: string | null;
  device_id: string | null;
  result: ScanResult;
  reason: RejectReason | null;
  direction: Direction;
  scanned_at: string;
  source: 'online' | 'sync';
  conflict: boolean;
}

export interface ScanTicketView {
  id: string;
  event_id: string;
  status: 'active' | 'transferred' | 'voided';
  scan_count: number;
  inside: boolean;
  [field: string]: unknown;
}

export interface ScanAttendeeView {
  id: string;
  name: string | null;
  email: string | null;
  [field: string]: unknown;
}

export interface ValidateAnswer {
  result: ScanResult;
  reason: RejectReason | null;
  ticket: ScanTicketView | null;
  attendee: ScanAttendeeView | null;
  scan: ScanView;
}

export interface ValidateRequest {
  token: string;
  event_id?: string;
  device_id?: string;
  scanned_at?: string;
  direction?: Direction;
}

export interface SyncRequest {
  device_id: string;
  event_id?: string;
  scans: {
    token: string;
    scanned_at: string;
    result: ScanResult;
    direction: Direction;
    reason: RejectReason | null;
  }[];
}

export interface SyncAnswer {
  results: {
    ticket_id: string | null;
    result: ScanResult;
    reason: RejectReason | null;
    conflict: boolean;
    scan_id: string;
  }[];
}

export interface PairedAnswer {
  device: { id: string; name: string; scope: string; event_id: string | null };
  api_key: { id: string; secret: string; scope: string };
}

/** `event: ticket` on the scan feed: a sale, void or transfer. */
export interface TicketChange {
  ticket_id: string | null;
  event_id: string | null;
  change: string | null;
  status: string | null;
}
