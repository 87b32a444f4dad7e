import type { ScanReason, ScanView } from '../api/scan-types.js';

/** What a door refusal means, in the words a supervisor would say to the guest or the steward. */
export const reasonWords: Readonly<Record<ScanReason, string>> = {
  malformed: 'Not a ticket code (unreadable or from something else)',
  invalid_signature: 'Forged or damaged code (signature does not match)',
  expired: 'Code expired: ask the guest to open the ticket again for a fresh one',
  not_yet_valid: 'Code not valid yet: check the scanning device’s clock',
  unknown_ticket: 'Unknown ticket (not sold by this venue)',
  wrong_event: 'Ticket is for another event',
  already_scanned: 'Already used: this ticket is inside',
  voided: 'Ticket voided (refunded, or the event was cancelled)',
  transferred: 'Ticket was transferred: the new holder has the valid one',
  paper_not_allowed: 'Paper pass not accepted for this tier: the guest must show the ticket on a phone',
};

/** One line for a scan in the log: why it was turned away, or what it did. */
export function describeScan(scan: Pick<ScanView, 'result' | 'reason' | 'direction' | 'conflict'>): string {
  if (scan.conflict) {
    return 'Double admission: this door let the ticket in offline, but another door had already admitted it';
  }
  if (scan.result === 'admitted') return scan.direction === 'out' ? 'Exit recorded' : 'Admitted';
  return scan.reason ? reasonWords[scan.reason] : 'Turned away (the door gave no reason)';
}
