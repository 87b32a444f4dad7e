import { notFound } from '../errors.js';
import { responseJson } from '../schemas/response-json.js';
import {
  OrderCheckInAnswer,
  type CheckInInput,
  type OrderCheckInAnswerView,
  type OrderCheckInInput,
} from '../schemas/check-in-by-hand.js';
import { ValidateAnswer, type ScanReason, type ValidateAnswerView } from '../schemas/scans.js';
import type { ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import type { ScansRepo } from '../store/scans-repo.js';
import { orderCheckInNote } from '../../shared/steward-reason.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, ActionTx, Answer } from './action-runner.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { DevicesService } from './devices.js';
import { buyersAdmissions, occupancyView, orderAdmissions, requireDoorOf } from './door-rules.js';
import { capacityReached, type ScanAttempts } from './scan-attempts.js';
import { viewDoorAttendee, viewDoorTicket } from './scan-views.js';
import type { TierNames } from './tier-names.js';
import { onlineScanMaxAgeMs, scanTime } from './scanning.js';
import { manualSyncKey, unclaimedSyncKey } from './sync-key.js';

/**
 * A steward's admission by hand is in the audit trail (who let whom in, and why) besides its scan
 * record; a refused one is a denied attempt, kept as a scan only (CONTRACT.md "Audit").
 */
function auditCheckIn(
  tx: ActionTx,
  ticketId: string,
  orderId: string,
  scan: { id: string; result: string; reason: string | null; note: string | null },
): void {
  if (scan.result !== 'admitted') {
    tx.unchanged();
    return;
  }
  tx.audit({
    action: 'ticket.checked_in',
    objectType: 'ticket',
    objectId: ticketId,
    orderId,
    data: { scan_id: scan.id, note: scan.note },
  });
}

const validateJson = responseJson(ValidateAnswer);
const orderJson = responseJson(OrderCheckInAnswer);

export interface CheckInDeps {
  actions: ActionRunner;
  attempts: ScanAttempts;
  /** Whether a sync key is taken already (an online check-in that names its moment). */
  scans: Pick<ScansRepo, 'bySyncKey'>;
  tickets: ScanTicketsRepo;
  devices: DevicesService;
  tierNames: TierNames;
  /** After the commit: wakes the scan feed. */
  afterCommit: () => void;
  now: () => number;
}

/**
 * A steward admitting someone without their code: found by name or order (lookup), or the rest
 * of an order after one of its tickets was scanned. Each admission is a scan (`credential`
 * `manual`, the reason as its note) under the same first-admission rule as a scanned code.
 */
export class CheckInService {
  constructor(private readonly deps: CheckInDeps) {}

  async checkIn(
    action: ActionContext,
    ticketId: string,
    input: CheckInInput,
    caller: ApiKeyRecord | null,
  ): Promise<Answer<ValidateAnswerView>> {
    const { attempts, scans, tickets, devices, tierNames, now } = this.deps;
    const scannedAt = scanTime(input.scanned_at, now(), onlineScanMaxAgeMs, 'scanned_at');
    const found = tickets.find(ticketId);
    if (!found) throw notFound('ticket', ticketId);
    const device = requireDoorOf(devices, caller, input.device_id, found.event_id);
    const tierName = tierNames.name(found.tier_id);
    const note = input.reason.trim();
    // A door names the moment it would queue the check-in under if the answer never reached it,
    // so that queued copy, uploaded at sync, is recognised as this check-in.
    const key =
      device && input.scanned_at !== undefined
        ? manualSyncKey(device.id, ticketId, note, scannedAt)
        : undefined;
    const answer = await this.deps.actions.run(
      action,
      validateJson,
      (tx) => {
        const { ticket, scan } = attempts.record({
          ...unclaimedSyncKey(key, scans),
          check: null,
          ticketId,
          doorEventId: device?.event_id ?? null,
          deviceId: device?.id ?? null,
          direction: 'in',
          scannedAt,
          source: 'online',
          note,
          apiKeyId: action.actor.apiKeyId,
          staffId: action.actor.staffId,
          enforceCapacity: true,
        });
        // The ticket was found above and tickets are never deleted.
        const current = ticket ?? found;
        auditCheckIn(tx, current.id, current.order_id, scan);
        return {
          result: scan.result,
          reason: scan.reason,
          credential: scan.credential,
          ticket: viewDoorTicket(current, tierName),
          attendee: viewDoorAttendee(current),
          scan,
          order: orderAdmissions(tickets, current),
          occupancy: occupancyView(current.event_inside, current.event_capacity),
        };
      },
      { lane: 'door' },
    );
    this.deps.afterCommit();
    return answer;
  }

  /**
   * Admits every active ticket of the order not inside now, all at once or (past capacity
   * without a reason) none of them. Tickets that cannot get in are answered, not tried.
   */
  async checkInOrder(
    action: ActionContext,
    orderId: string,
    input: OrderCheckInInput,
    caller: ApiKeyRecord | null,
  ): Promise<Answer<OrderCheckInAnswerView>> {
    const { attempts, scans, tickets, devices, now } = this.deps;
    const at = scanTime(input.scanned_at, now(), onlineScanMaxAgeMs, 'scanned_at');
    const first = tickets.ofOrder(orderId)[0];
    const firstTicket = first ? tickets.find(first.id) : undefined;
    if (!firstTicket) throw notFound('order', orderId);
    const eventId = firstTicket.event_id;
    const device = requireDoorOf(devices, caller, input.device_id, eventId);
    const note = input.reason?.trim() ?? null;
    // Offline, the door queues each ticket as a manual check-in with this note (a default when
    // the steward gave none): keyed the same, those copies are these check-ins at sync.
    const keyOf = (ticketId: string): string | undefined =>
      device && input.scanned_at !== undefined
        ? manualSyncKey(device.id, ticketId, orderCheckInNote(orderId, note), at)
        : undefined;
    const answer = await this.deps.actions.run(
      action,
      orderJson,
      (tx) => {
        // The buyer's group: a ticket transferred in to someone else is theirs to bring (020).
        const all = tickets.ofOrder(orderId).filter((ticket) => ticket.transferred_from === null);
        const candidates = all.filter((ticket) => ticket.status === 'active' && ticket.inside === 0);
        const before = tickets.occupancy(eventId) ?? { capacity: null, inside: 0 };
        if (
          note === null &&
          before.capacity !== null &&
          candidates.length > 0 &&
          before.inside + candidates.length > before.capacity
        )
          throw capacityReached(before.inside, before.capacity, candidates.length);
        const results = all.map((ticket) => {
          if (ticket.status !== 'active' || ticket.inside === 1) {
            const reason: ScanReason = ticket.status === 'active' ? 'already_scanned' : ticket.status;
            return { ticket_id: ticket.id, result: 'rejected' as const, reason, scan: null };
          }
          const { scan } = attempts.record({
            ...unclaimedSyncKey(keyOf(ticket.id), scans),
            check: null,
            ticketId: ticket.id,
            doorEventId: device?.event_id ?? null,
            deviceId: device?.id ?? null,
            direction: 'in',
            scannedAt: at,
            source: 'online',
            note,
            apiKeyId: action.actor.apiKeyId,
            staffId: action.actor.staffId,
          });
          auditCheckIn(tx, ticket.id, orderId, scan);
          return { ticket_id: ticket.id, result: scan.result, reason: scan.reason, scan };
        });
        if (candidates.length === 0) tx.unchanged();
        const after = tickets.occupancy(eventId) ?? before;
        return {
          order: buyersAdmissions(tickets, orderId),
          results,
          occupancy: occupancyView(after.inside, after.capacity),
        };
      },
      { lane: 'door' },
    );
    this.deps.afterCommit();
    return answer;
  }
}
