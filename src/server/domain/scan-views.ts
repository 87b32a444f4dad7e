import type {
  DoorAttendeeView,
  DoorTicketView,
  ScanReason,
  ScanTicketView,
  ScanView,
} from '../schemas/scans.js';
import type { ScanTicketRow } from '../store/scan-tickets-repo.js';
import type { ScanRow } from '../store/scans-repo.js';
import { toIso } from '../time.js';
import type { PublicUrls } from './public-urls.js';

export function viewScan(row: Omit<ScanRow, 'seq' | 'sync_key'>): ScanView {
  return {
    id: row.id,
    event_id: row.event_id,
    ticket_id: row.ticket_id,
    device_id: row.device_id,
    result: row.result,
    reason: row.reason as ScanReason | null,
    direction: row.direction,
    scanned_at: toIso(row.scanned_at),
    created_at: toIso(row.created_at),
    source: row.source,
    conflict: row.conflict === 1,
    credential: row.credential,
    note: row.note,
    actor: { api_key_id: row.api_key_id, device_id: row.device_id, staff_id: row.staff_id },
  };
}

/**
 * The `ticket.scanned` webhook's ticket: the ticket resource without its credentials (qr_token,
 * paper_pass), since a scan on the door's path signs no new admission code, plus `inside`.
 */
export function viewScanTicket(row: ScanTicketRow, urls: PublicUrls): ScanTicketView {
  return {
    id: row.id,
    order_id: row.order_id,
    event_id: row.event_id,
    tier_id: row.tier_id,
    attendee_id: row.attendee_id,
    status: row.status,
    scan_count: row.scan_count,
    price_cents: row.price_cents,
    inside: row.inside === 1,
    wallet_url: urls.walletPage(row.wallet_secret),
    issued_at: toIso(row.issued_at),
    transferred_from: row.transferred_from,
    transferred_to: row.transferred_to,
  };
}

/**
 * The ticket in a door's answer (validate): name, tier and status, no wallet_url or qr_token,
 * since either hands out fresh admission codes (docs/api.md "Validate").
 */
export function viewDoorTicket(row: ScanTicketRow, tierName: string | null): DoorTicketView {
  return {
    id: row.id,
    order_id: row.order_id,
    event_id: row.event_id,
    tier_id: row.tier_id,
    tier_name: tierName,
    attendee_id: row.attendee_id,
    status: row.status,
    scan_count: row.scan_count,
    inside: row.inside === 1,
    issued_at: toIso(row.issued_at),
    transferred_from: row.transferred_from,
    transferred_to: row.transferred_to,
    // The moment the steward reads out: a transferred ticket is refused at every scan, never
    // admitted, so nothing writes its row after the transfer (docs/api.md "Validate").
    transferred_at: row.status === 'transferred' ? toIso(row.updated_at) : null,
  };
}

/** The ticket's holder as a door sees them (no email), from the columns the ticket lookup joined in. */
export function viewDoorAttendee(row: ScanTicketRow): DoorAttendeeView | null {
  if (row.attendee_ticket_id === null || row.attendee_created_at === null) return null;
  return {
    id: row.attendee_id,
    event_id: row.attendee_event_id ?? row.event_id,
    order_id: row.attendee_order_id ?? row.order_id,
    ticket_id: row.attendee_ticket_id,
    name: row.attendee_name,
    created_at: toIso(row.attendee_created_at),
  };
}
