import { expiredPassWords, scanReasonWords } from '../../../shared/scan-reasons.js';
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

/** The verdict as staff and guest read it, e.g. "Already scanned 20:14 at Door 2". */
export function verdictWords(
  result: ScanResult,
  reason: RejectReason | null,
  last: LastAdmission | null = null,
  credential: string | null = null,
): VerdictWords {
  if (result === 'admitted') return { title: 'Admitted', detail: 'Welcome in' };
  if (reason === 'already_scanned' && last) {
    const where = last.door ? ` at ${last.door}` : '';
    return { title: 'Rejected', detail: `Already scanned ${clock(last.at)}${where}` };
  }
  if (reason === 'expired' && credential === 'paper')
    return { title: 'Rejected', detail: expiredPassWords.verdict };
  return { title: 'Rejected', detail: reason ? scanReasonWords[reason].verdict : 'Rejected' };
}
