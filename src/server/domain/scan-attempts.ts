import { conflict, type ApiError } from '../errors.js';
import type { ScanReason, ScanView } from '../schemas/scans.js';
import type { ScanTicketRow, ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import type { ScanDirection, ScanResult, ScanRow, ScanSource, ScansRepo } from '../store/scans-repo.js';
import { newId } from '../ids.js';
import type { CredentialFacts } from '../tokens/credential-facts.js';
import type { TokenCheck } from '../tokens/ticket-tokens.js';
import type { Outbox } from './outbox.js';
import type { PublicUrls } from './public-urls.js';
import { viewScan, viewScanTicket } from './scan-views.js';

/**
 * One scan attempt, its token (a rotating code or a paper pass: `check.credential`) already
 * verified, outside the write lock, at scannedAt; or a steward's manual check-in of a ticket.
 */
export interface ScanAttempt {
  /** The verified token; null for a manual check-in, which names its ticket (`ticketId`). */
  check: TokenCheck | null;
  /** A manual check-in's ticket. */
  ticketId?: string;
  /** The steward's reason (manual check-ins, admissions past capacity). */
  note?: string | null;
  /** Who acts, beside deviceId. */
  apiKeyId?: string | null;
  staffId?: string | null;
  /**
   * Online decisions only: an entry at or past the event's capacity without a steward's note is
   * refused (409 capacity_reached). Offline uploads record what already happened at the door.
   */
  enforceCapacity?: boolean;
  /** The door's event: a ticket of another event is `wrong_event`. Null: any event. */
  doorEventId: string | null;
  deviceId: string | null;
  direction: ScanDirection;
  scannedAt: number;
  source: ScanSource;
  /** Offline scans: what the device decided. A refusal there is never turned into an admission. */
  claim?: { result: ScanResult; reason: ScanReason | null };
  syncKey?: string;
}

/** At or past capacity: only a steward's reason lets another holder in. */
export const atCapacity = (ticket: Pick<ScanTicketRow, 'event_capacity' | 'event_inside'>): boolean =>
  ticket.event_capacity !== null && ticket.event_inside >= ticket.event_capacity;

export function capacityReached(inside: number, capacity: number, needed: number): ApiError {
  const left = capacity - inside;
  // A group with some places left: "at capacity (0 of 2 inside)" would read as a wrong count.
  if (left > 0)
    return conflict(
      'capacity_reached',
      `Only ${left} place${left === 1 ? ' is' : 's are'} left (${inside} of ${capacity} inside), not enough for all ${needed} of this order. A steward may still admit them with a reason.`,
    );
  return conflict(
    'capacity_reached',
    `The event is at capacity (${inside} of ${capacity} inside)${needed > 1 ? ` and ${needed} more cannot fit` : ''}. A steward may still admit with a reason.`,
  );
}

export interface ScanOutcome {
  scan: ScanView;
  row: Omit<ScanRow, 'seq'>;
  /** The ticket as it stands after this attempt; null when the token named none we could trust. */
  ticket: ScanTicketRow | null;
}

export interface ScanAttemptsDeps {
  scans: ScansRepo;
  tickets: ScanTicketsRepo;
  facts: Pick<CredentialFacts, 'allowsPaper'>;
  outbox: Outbox;
  urls: PublicUrls;
  now: () => number;
}

/**
 * The door's decision and its record, shared by online validation and offline sync. Runs inside
 * the caller's transaction: the checks, the conditional admission, the scan record and the
 * `ticket.scanned` outbox row commit together or not at all (pretix's check-in, same shape).
 */
export class ScanAttempts {
  constructor(private readonly deps: ScanAttemptsDeps) {}

  record(attempt: ScanAttempt): ScanOutcome {
    const { scans, tickets, outbox, urls, now } = this.deps;
    const at = now();
    const { check } = attempt;
    // A forged or unreadable token names nothing we can trust, so no ticket is looked up.
    const trusted =
      check === null || check.ok || (check.reason !== 'malformed' && check.reason !== 'invalid_signature');
    const claimed = check === null ? attempt.ticketId : check.claims?.sub;
    const found = trusted && claimed !== undefined ? tickets.find(claimed) : undefined;
    let ticket: ScanTicketRow | null = found ?? null;
    const note = attempt.note ?? null;

    let reason: ScanReason | null = this.refusal(attempt, ticket);
    let result: ScanResult = reason === null ? 'admitted' : 'rejected';
    let conflict = false;

    if (reason === null && ticket !== null) {
      if (attempt.claim?.result === 'rejected') {
        // The device turned the holder away; nobody got in, so nothing changes.
        result = 'rejected';
        reason = attempt.claim.reason;
      } else if (attempt.direction === 'out') {
        // Leaving is always allowed; an exit of someone not inside changes nothing.
        if (tickets.exit(ticket.id, at))
          ticket = { ...ticket, inside: 0, event_inside: Math.max(0, ticket.event_inside - 1) };
      } else if (attempt.claim && ticket.inside === 0 && this.insideElsewhereAt(ticket.id, attempt)) {
        // Let in offline while, by the doors' clocks, the holder was inside through another door
        // (whose exit was uploaded first): the same pass twice, not a re-entry.
        result = 'rejected';
        reason = 'already_scanned';
        conflict = true;
      } else if (ticket.inside === 0 && attempt.enforceCapacity && note === null && atCapacity(ticket)) {
        throw capacityReached(ticket.event_inside, ticket.event_capacity ?? 0, 1);
      } else if (tickets.admit(ticket.id, at)) {
        ticket = {
          ...ticket,
          inside: 1,
          scan_count: ticket.scan_count + 1,
          event_inside: ticket.event_inside + 1,
        };
      } else {
        result = 'rejected';
        reason = 'already_scanned';
        if (attempt.claim) {
          const first = scans.lastEntry(ticket.id);
          conflict = first !== undefined && first.device_id !== attempt.deviceId;
        }
      }
    }

    const row: Omit<ScanRow, 'seq'> = {
      id: newId('scan'),
      event_id:
        attempt.doorEventId ??
        ticket?.event_id ??
        (trusted && check !== null ? (check.claims?.evt ?? null) : null),
      ticket_id: ticket?.id ?? null,
      device_id: attempt.deviceId,
      result,
      reason,
      direction: attempt.direction,
      scanned_at: attempt.scannedAt,
      created_at: at,
      source: attempt.source,
      conflict: conflict ? 1 : 0,
      sync_key: attempt.syncKey ?? null,
      credential: check === null ? 'manual' : check.credential,
      note,
      api_key_id: attempt.apiKeyId ?? null,
      staff_id: attempt.staffId ?? null,
    };
    scans.insert(row);
    const scan = viewScan(row);
    if (ticket)
      outbox.emit('ticket.scanned', {
        scan,
        ticket: viewScanTicket(ticket, urls),
      });
    return { scan, row, ticket };
  }

  /** Whether another door's entry had the ticket inside when this offline entry happened. */
  private insideElsewhereAt(ticketId: string, attempt: ScanAttempt): boolean {
    const entry = this.deps.scans.entryInsideAt(ticketId, attempt.scannedAt);
    return entry !== undefined && entry.device_id !== attempt.deviceId;
  }

  /**
   * The checks of CONTRACT.md "Scanning" and "Ticket credentials", in order; null when nothing
   * stands in the way. A pass is refused only after the ticket's own state: a voided ticket's
   * pass says `voided`, whatever its tier allows.
   */
  private refusal(attempt: ScanAttempt, ticket: ScanTicketRow | null): ScanReason | null {
    const { check } = attempt;
    if (check !== null && !check.ok) return check.reason;
    if (ticket === null) return 'unknown_ticket';
    if (attempt.doorEventId !== null && ticket.event_id !== attempt.doorEventId) return 'wrong_event';
    if (ticket.status === 'voided') return 'voided';
    if (ticket.status === 'transferred') return 'transferred';
    // The reason list is fixed by the contract; a cancelled event's tickets admit no one, which
    // is what `voided` tells the door (docs/api.md "Scanning").
    if (ticket.event_status === 'cancelled') return 'voided';
    if (check?.credential === 'paper' && !this.deps.facts.allowsPaper(ticket.tier_id))
      return 'paper_not_allowed';
    return null;
  }
}
