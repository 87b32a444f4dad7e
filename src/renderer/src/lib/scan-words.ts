import { paperPassWords, scanReasonWords } from '../../../shared/scan-reasons.js';
import type { RejectReason, ScanResult } from '../../../scanner/types.js';

/** Where and when a ticket was last let in, as far as this door knows. */
export interface LastAdmission {
  at: number;
  /** The door's name when known ("Door 2", or this door's own), else null. */
  door: string | null;
}

export interface VerdictWords {
  /** One or two words in very large type: "Admitted", "Rejected". */
  title: string;
  /** The reason in plain words, for the guest and the staff member. */
  detail: string;
}

/** A time of tonight as the door shows it: "20:14". */
export const clock = (ms: number): string =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * An old code of a ticket that was handed on or reissued (a lost phone, a paper printed before):
 * the time tells the steward and the guest which copy is stale.
 */
export const replacedWords = (at: number): string =>
  `This ticket was replaced by a newer one at ${clock(at)}: send the guest to the box office`;

/** When the server's answer says the ticket was replaced; null when it does not (offline, or not replaced). */
export const replacedAtOf = (ticket: { transferred_at?: string | null } | null | undefined): number | null =>
  ticket?.transferred_at ? Date.parse(ticket.transferred_at) : null;

/** The verdict as staff and guest read it, e.g. "Already scanned 20:14 at Door 2". */
export function verdictWords(
  result: ScanResult,
  reason: RejectReason | null,
  last: LastAdmission | null = null,
  credential: string | null = null,
  /** When a `transferred` ticket was replaced (the server's answer says; offline, unknown). */
  replacedAt: number | null = null,
): VerdictWords {
  if (result === 'admitted') return { title: 'Admitted', detail: 'Welcome in' };
  if (reason === 'already_scanned' && last) {
    const where = last.door ? ` at ${last.door}` : '';
    return { title: 'Rejected', detail: `Already scanned ${clock(last.at)}${where}` };
  }
  const paper = reason && credential === 'paper' ? paperPassWords[reason] : undefined;
  if (paper) return { title: 'Rejected', detail: paper.verdict };
  if (reason === 'transferred' && replacedAt !== null)
    return { title: 'Rejected', detail: replacedWords(replacedAt) };
  return { title: 'Rejected', detail: reason ? scanReasonWords[reason].verdict : 'Rejected' };
}
