/**
 * What a door decides alone, from its pack: a code, a steward's manual check-in, a whole order,
 * each recorded and queued for sync (the server's word replaces it there).
 */
import { orderCheckInNote } from '../shared/steward-reason.js';
import type { DoorKnowledge } from './door-knowledge.js';
import type { FallbackCause, OrderCheckInOutcome, ScanOutcome } from './door-outcomes.js';
import { ScannerError } from './errors.js';
import type { Direction } from './types.js';

export function capacityRefusal(
  door: DoorKnowledge,
  token: string,
  direction: Direction,
  started: number,
  mode: 'online' | 'offline',
  cause?: FallbackCause,
): ScanOutcome {
  const decision = door.validator.check(token, { direction });
  return {
    result: 'rejected',
    reason: null,
    credential: decision.credential,
    ticketId: decision.ticketId,
    direction,
    mode,
    ...(cause ? { fallback: cause } : {}),
    ms: performance.now() - started,
    queued: false,
    occupancy: door.validator.occupancy(),
    capacityReached: true,
  };
}

export function decideOffline(
  door: DoorKnowledge,
  token: string,
  at: number,
  direction: Direction,
  started: number,
  cause: FallbackCause,
  raced?: { kind: string; error?: unknown },
  reason?: string,
): { outcome: ScanOutcome; seq: number | null } {
  door.requirePack();
  const checked = door.validator.check(token, { at, direction });
  // As the server does: at capacity, an entry needs a steward's reason.
  if (
    checked.result === 'admitted' &&
    direction === 'in' &&
    !reason &&
    door.validator.occupancy().level === 'full'
  )
    return { outcome: capacityRefusal(door, token, direction, started, 'offline', cause), seq: null };
  door.validator.record(checked);
  const decision = checked;
  const admission = decision.ticketId ? (door.validator.admission(decision.ticketId) ?? null) : null;
  const seq = door.state.recordOfflineScan(
    token,
    decision,
    decision.result === 'admitted' ? admission : null,
    reason ?? null,
  );
  if (decision.ticketId) door.markPending(decision.ticketId, 1);
  const outcome: ScanOutcome = {
    result: decision.result,
    reason: decision.reason,
    credential: decision.credential,
    ticketId: decision.ticketId,
    direction,
    mode: 'offline',
    fallback: cause,
    ms: performance.now() - started,
    queued: true,
    occupancy: door.validator.occupancy(),
  };
  const replacedAt =
    decision.reason === 'transferred' && decision.ticketId
      ? door.validator.replacedAt(decision.ticketId)
      : undefined;
  if (replacedAt !== undefined) outcome.replacedAt = replacedAt;
  if (raced?.error instanceof Error) outcome.error = raced.error.message;
  return { outcome, seq };
}

/** A manual check-in decided by this door from its pack, queued for sync. */
export function decideManual(
  door: DoorKnowledge,
  ticketId: string,
  note: string,
  at: number,
  started: number,
  cause: FallbackCause,
): { outcome: ScanOutcome; seq: number } {
  door.requirePack();
  const decision = door.validator.checkManual(ticketId, { at });
  door.validator.record(decision);
  const admission = door.validator.admission(ticketId) ?? null;
  const seq = door.state.recordOfflineScan(
    '',
    decision,
    decision.result === 'admitted' ? admission : null,
    note,
  );
  door.markPending(ticketId, 1);
  return {
    outcome: {
      result: decision.result,
      reason: decision.reason,
      credential: 'manual',
      ticketId,
      direction: 'in',
      mode: 'offline',
      fallback: cause,
      ms: performance.now() - started,
      queued: true,
      occupancy: door.validator.occupancy(),
    },
    seq,
  };
}

export function checkInOrderOffline(
  door: DoorKnowledge,
  orderId: string,
  reason: string | undefined,
  at: number,
  cause: FallbackCause,
): { outcome: OrderCheckInOutcome; seqs: number[]; queuedTickets: string[] } {
  door.requirePack();
  const tickets = door.validator.orderTickets(orderId);
  if (tickets.length === 0)
    throw new ScannerError('not_found', `order ${orderId} is not in this door's pack`);
  const note = orderCheckInNote(orderId, reason);
  const seqs: number[] = [];
  const queuedTickets: string[] = [];
  const results = tickets.map((ticketId) => {
    const decision = door.validator.checkManual(ticketId, { at });
    // Only the tickets that can get in are tried (as on the server); the others are answered.
    if (decision.result === 'admitted') {
      door.validator.record(decision);
      const admission = door.validator.admission(ticketId) ?? null;
      seqs.push(door.state.recordOfflineScan('', decision, admission, note));
      queuedTickets.push(ticketId);
      door.markPending(ticketId, 1);
    }
    return { ticketId, result: decision.result, reason: decision.reason };
  });
  const active = tickets.filter((id) => door.validator.revocation(id) === undefined);
  return {
    outcome: {
      orderId,
      mode: 'offline',
      fallback: cause,
      results,
      tickets: active.length,
      admitted: active.filter((id) => door.validator.admission(id)?.inside).length,
      occupancy: door.validator.occupancy(),
      queued: seqs.length > 0,
    },
    seqs,
    queuedTickets,
  };
}
