import {
  checkInOrder,
  checkInTicket,
  DoorCallError,
  lookUpGuests,
  type LookupMatch,
} from '../lib/door-calls.js';
import { verdictWords } from '../lib/scan-words.js';
import { doorAuth, useDoor } from './door-store.js';

/**
 * The door's desk work for guests without a code: find them by name or order, admit them by
 * hand with a reason, admit the rest of an order in one tap. Online through the venue server;
 * the answers become ordinary verdicts on the door's screen.
 */

export interface FoundGuests {
  matches: LookupMatch[];
  /** More than 10 matched: type more of the name. */
  more: boolean;
}

function problem(err: unknown): string {
  if (err instanceof DoorCallError) {
    if (err.status === 0) return 'Cannot reach the venue server. Check the Wi-Fi, then try again.';
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export async function findGuests(q: string): Promise<FoundGuests | { problem: string }> {
  const auth = doorAuth();
  if (!auth) return { problem: 'This door is not paired.' };
  try {
    return await lookUpGuests(auth, q.trim());
  } catch (err) {
    return { problem: problem(err) };
  }
}

/** Admits one ticket by hand; answers a problem in words, or null once the verdict is up. */
export async function admitByHand(match: LookupMatch, reason: string): Promise<string | null> {
  const auth = doorAuth();
  if (!auth) return 'This door is not paired.';
  try {
    const answer = await checkInTicket(auth, match.ticket_id, reason.trim());
    const admitted = answer.result === 'admitted';
    const words = verdictWords(answer.result, answer.reason);
    const verdict = useDoor.getState().showVerdict({
      result: answer.result,
      reason: answer.reason,
      credential: 'manual',
      title: words.title,
      detail: admitted ? `Checked in by hand: ${reason.trim()}` : words.detail,
      name: answer.attendee?.name ?? match.attendee_name,
      tierName: answer.ticket?.tier_name ?? match.tier_name,
      ticketId: match.ticket_id,
      mode: 'online',
      manualReason: reason.trim(),
      order: null,
    });
    if (admitted && answer.order && answer.order.tickets > answer.order.admitted) {
      const others = answer.order.tickets - answer.order.admitted;
      useDoor.setState({ verdict: { ...verdict, order: { id: answer.order.id, others } } });
    }
    return null;
  } catch (err) {
    return problem(err);
  }
}

/** The one tap after a verdict: every other active ticket of the order not inside yet. */
export async function admitRestOfOrder(orderId: string, reason?: string): Promise<string | null> {
  const auth = doorAuth();
  if (!auth) return 'This door is not paired.';
  try {
    const answer = await checkInOrder(auth, orderId, reason);
    const admitted = answer.results.filter((r) => r.result === 'admitted' && r.scan !== null).length;
    useDoor.getState().showVerdict({
      result: admitted > 0 ? 'admitted' : 'rejected',
      reason: admitted > 0 ? null : 'already_scanned',
      credential: 'manual',
      title: admitted > 0 ? 'Admitted' : 'Nobody left',
      detail:
        admitted > 0
          ? `${admitted} more of this order let in · ${answer.order.admitted} of ${answer.order.tickets} inside`
          : 'Everyone of this order is already inside',
      name: null,
      tierName: null,
      ticketId: null,
      mode: 'online',
      manualReason: reason ?? null,
      order: null,
    });
    return null;
  } catch (err) {
    return problem(err);
  }
}
