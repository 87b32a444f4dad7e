import type { ScanOutcome } from '../../../scanner/door-device.js';
import { isScannerError } from '../../../scanner/errors.js';
import type { LookupMatch } from '../../../scanner/types.js';
import { replacedAtOf, verdictWords } from '../lib/scan-words.js';
import { doorDevice, restOfOrder, useDoor } from './door-store.js';

/**
 * The door's desk work for guests without a code: find them by name or order, admit them by
 * hand with a reason, admit the rest of an order in one tap. Through the SDK's DoorDevice: the
 * server when it answers, else the door pack's names, the decision queued and synced like a scan.
 */

export interface FoundGuests {
  matches: LookupMatch[];
  /** More than 10 matched: type more of the name. */
  more: boolean;
  /** Who answered: the venue server, or this door's pack (offline). */
  mode: 'online' | 'offline';
}

function problem(err: unknown): string {
  if (isScannerError(err, 'unreachable') || isScannerError(err, 'timeout'))
    return 'Cannot reach the venue server. Check the Wi-Fi, then try again.';
  if (isScannerError(err, 'no_door_pack'))
    return 'This door has no door pack yet: connect to the venue server once.';
  return err instanceof Error ? err.message.replace(/^.*?: (?=[A-Z])/, '') : String(err);
}

export async function findGuests(q: string): Promise<FoundGuests | { problem: string }> {
  const device = doorDevice();
  if (!device) return { problem: 'This door is not paired.' };
  try {
    const found = await device.lookup(q.trim());
    return { matches: found.matches, more: found.hasMore, mode: found.mode };
  } catch (err) {
    return { problem: problem(err) };
  }
}

function showManual(outcome: ScanOutcome, match: LookupMatch | null, reason: string | null, detail?: string) {
  const admitted = outcome.result === 'admitted';
  const words = verdictWords(outcome.result, outcome.reason, null, 'manual', replacedAtOf(outcome.ticket));
  return useDoor.getState().showVerdict({
    result: outcome.result,
    reason: outcome.reason,
    credential: 'manual',
    title: outcome.capacityReached ? 'Venue full' : words.title,
    detail: detail ?? (admitted && reason ? `Checked in by hand: ${reason}` : words.detail),
    name: outcome.attendee?.name ?? match?.name ?? null,
    tierName: outcome.ticket?.tier_name ?? match?.tierName ?? null,
    ticketId: outcome.ticketId,
    mode: outcome.mode,
    queued: outcome.queued,
    manualReason: reason,
    order: admitted && outcome.ticketId ? restOfOrder(outcome.ticketId, outcome.order ?? null) : null,
  });
}

/** Admits one ticket by hand; answers a problem in words, or null once the verdict is up. */
export async function admitByHand(match: LookupMatch, reason: string): Promise<string | null> {
  const device = doorDevice();
  if (!device) return 'This door is not paired.';
  try {
    const outcome = await device.checkIn(match.ticketId, reason.trim());
    // An answer lost on the Wi-Fi: offline until the server is heard again, then the sync.
    useDoor.getState().heardFrom(outcome);
    showManual(outcome, match, reason.trim());
    return null;
  } catch (err) {
    return problem(err);
  }
}

/** The one tap after a verdict: every other active ticket of the order not inside yet. */
export async function admitRestOfOrder(orderId: string, reason?: string): Promise<string | null> {
  const device = doorDevice();
  if (!device) return 'This door is not paired.';
  try {
    const done = await device.checkInOrder(orderId, reason ? { reason } : {});
    useDoor.getState().heardFrom(done);
    const admitted = done.results.filter((r) => r.result === 'admitted').length;
    useDoor.getState().showVerdict({
      result: admitted > 0 ? 'admitted' : 'rejected',
      reason: admitted > 0 ? null : 'already_scanned',
      credential: 'manual',
      title: admitted > 0 ? 'Admitted' : 'Nobody left',
      detail:
        admitted > 0
          ? `${admitted} more of this order let in · ${done.admitted} of ${done.tickets} inside`
          : 'Everyone of this order is already inside',
      name: null,
      tierName: null,
      ticketId: null,
      mode: done.mode,
      queued: done.queued,
      manualReason: reason ?? null,
      order: null,
    });
    return null;
  } catch (err) {
    return problem(err);
  }
}
