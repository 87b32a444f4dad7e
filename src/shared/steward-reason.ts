/**
 * A steward's reason at the door (a manual check-in, an admission past capacity): the server's
 * schemas and the door SDK check it by the same rule, so a reason the door queued offline is one
 * the server takes at sync (one refused there would hold up the whole upload).
 */
export const maxStewardReason = 200;

/**
 * One line of words: no control characters at all (unlike a name, not even tab or a line break:
 * the reason shows on one line in the scan log, the audit trail and CSV exports) and something
 * besides spaces.
 */
export const stewardReasonPattern = '^(?=.*\\S)[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$';

const oneLine = new RegExp(stewardReasonPattern, 'u');

/** What is wrong with a reason, in words; null when the server will take it. */
export function stewardReasonProblem(reason: string): string | null {
  if (reason.trim().length === 0) return 'The reason cannot be blank.';
  if (reason.length > maxStewardReason)
    return `The reason can be at most ${maxStewardReason} characters long.`;
  if (!oneLine.test(reason))
    return 'The reason must be one line, without line breaks, tabs or other control characters.';
  return null;
}

/**
 * The note a door keeps on each ticket of an order it checked in offline without a reason. The
 * server needs the same words: an order check-in whose answer was lost is matched at sync by the
 * note the door queued (server/domain/sync-key.ts).
 */
export function orderCheckInNote(orderId: string, reason: string | null | undefined): string {
  return reason ?? `Admitted with the rest of order ${orderId}`;
}
