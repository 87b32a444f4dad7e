/**
 * What a door knows without asking: its offline validator (keys, revocations, who is inside,
 * names) kept in step with its DeviceState, and which tickets it has offline scans of that the
 * server has not heard yet, so older server news about them does not overwrite its own.
 */
import type { ScanTicketView } from './api-types.js';
import type { DeviceState, StateChanges } from './device-state.js';
import { ScannerError } from './errors.js';
import { OfflineValidator, packHolders } from './offline-validator.js';
import type { AdmissionState, Direction, DoorPack, RejectReason, ScanResult } from './types.js';

export class DoorKnowledge {
  readonly validator: OfflineValidator;
  /** Tickets with offline scans not yet synced: server news about them is older than ours. */
  private readonly pending = new Map<string, number>();

  constructor(
    readonly state: DeviceState,
    readonly now: () => number,
  ) {
    this.validator = new OfflineValidator(now);
    const pack = this.state.loadPack();
    if (pack) {
      this.validator.setEvent(pack.event);
      this.validator.setKeys(pack.jwks.keys);
      if (pack.tiers) this.validator.setTiers(pack.tiers);
    }
    for (const [ticketId, status, transferredAt] of this.state.revocations())
      this.validator.revokeEntry({
        ticket_id: ticketId,
        status,
        ...(transferredAt ? { transferred_at: transferredAt } : {}),
      });
    for (const [ticketId, admission] of this.state.admissions())
      this.validator.restoreAdmission(ticketId, admission);
    this.validator.addHolders([...(this.state.holders?.() ?? [])]);
    for (const scan of this.state.queued(Number.MAX_SAFE_INTEGER))
      if (scan.ticketId) this.markPending(scan.ticketId, 1);
  }

  /** True while this door has offline scans of the ticket that the server has not heard yet. */
  isPending(ticketId: string): boolean {
    return this.pending.has(ticketId);
  }

  markPending(ticketId: string, delta: number): void {
    const next = (this.pending.get(ticketId) ?? 0) + delta;
    if (next > 0) this.pending.set(ticketId, next);
    else this.pending.delete(ticketId);
  }

  requirePack(): void {
    if (!this.validator.ready) {
      throw new ScannerError(
        'no_door_pack',
        'no door pack on this device: run `pull` while the server is reachable',
      );
    }
  }

  /** What the server's verdict on one attempt says about the ticket, applied to the validator. */
  learnFromServer(
    ticketId: string | null,
    result: ScanResult,
    reason: RejectReason | null,
    direction: Direction,
    ticket: ScanTicketView | null,
  ): StateChanges | null {
    if (!ticketId) return null;
    const changes: StateChanges = { revoked: [], admissions: [] };
    if (reason === 'voided' || reason === 'transferred') {
      // The answer's time of a replacement is kept too: the door may be offline at the next showing.
      const entry = {
        ticket_id: ticketId,
        status: reason,
        ...(ticket?.transferred_at ? { transferred_at: ticket.transferred_at } : {}),
      };
      this.validator.revokeEntry(entry);
      changes.revoked.push(entry);
      return changes;
    }
    if (this.pending.has(ticketId)) return null;
    if (ticket) {
      // The server's own state of the ticket beats any inference from the verdict.
      const known = this.validator.admission(ticketId);
      const next: AdmissionState = {
        inside: ticket.inside,
        count: Math.max(ticket.scan_count, known?.count ?? 0),
      };
      this.validator.restoreAdmission(ticketId, next);
    } else if (result === 'admitted' && direction === 'out') this.validator.learnExited(ticketId);
    else if (result === 'admitted' || reason === 'already_scanned') this.validator.learnAdmitted(ticketId);
    else return null;
    const admission = this.validator.admission(ticketId);
    if (admission) changes.admissions.push([ticketId, admission]);
    return changes;
  }

  applyPack(pack: DoorPack, full: boolean): StateChanges {
    this.validator.setEvent(pack.event);
    this.validator.setKeys(pack.jwks.keys);
    if (pack.tiers) this.validator.setTiers(pack.tiers);
    const changes: StateChanges = { revoked: [...pack.revoked], admissions: [] };
    for (const entry of pack.revoked) this.validator.revokeEntry(entry);
    const touched = (ticketId: string, learn: (id: string) => void): void => {
      if (this.pending.has(ticketId)) return;
      learn(ticketId);
      const admission = this.validator.admission(ticketId);
      if (admission) changes.admissions.push([ticketId, admission]);
    };
    for (const ticketId of pack.scanned) touched(ticketId, (id) => this.validator.learnAdmitted(id));
    for (const ticketId of pack.exited ?? []) touched(ticketId, (id) => this.validator.learnExited(id));
    const holders = packHolders(pack);
    if (full && pack.holders !== undefined) this.validator.clearHolders();
    this.validator.addHolders(holders);
    changes.holders = holders;
    changes.holdersReplaced = full && pack.holders !== undefined;
    if (full) {
      // A whole pack lists everyone inside now: anyone else this door still thinks is inside
      // has left through another door (unless this door's own unsynced scan says otherwise).
      const inside = new Set(pack.scanned);
      for (const [ticketId, admission] of this.state.admissions()) {
        if (admission.inside && !inside.has(ticketId))
          touched(ticketId, (id) => this.validator.learnExited(id));
      }
    }
    return changes;
  }
}
