/**
 * Why a scan was rejected (CONTRACT.md "Scanning"). One list for the server's schema, the door
 * SDK's offline validator and the UI's wording, so a new reason cannot reach one and not the others.
 */
export const scanReasons = [
  'malformed',
  'invalid_signature',
  'expired',
  'not_yet_valid',
  'unknown_ticket',
  'wrong_event',
  'already_scanned',
  'voided',
  'transferred',
  // A paper pass of a tier that no longer allows paper (CONTRACT.md "Ticket credentials").
  'paper_not_allowed',
] as const;

export type ScanReason = (typeof scanReasons)[number];

/**
 * Each reason in words, in the two places people read them: `verdict` in very large type at the
 * door, for the guest and the steward (short); `log` in the scan log and lookups, for a
 * supervisor working out what happened (fuller). One table, so a reason's meaning is written once.
 */
export const scanReasonWords: Readonly<Record<ScanReason, { verdict: string; log: string }>> = {
  malformed: {
    verdict: 'Not a ticket QR code',
    log: 'Not a ticket code (unreadable or from something else)',
  },
  invalid_signature: {
    verdict: 'Not signed by this venue (forged or from another system)',
    log: 'Forged or damaged code (signature does not match)',
  },
  expired: {
    verdict: 'QR code expired: open the ticket again for a fresh code',
    log: 'Code expired: ask the guest to open the ticket again for a fresh one',
  },
  not_yet_valid: {
    verdict: 'QR code not valid yet: check the phone’s clock',
    log: 'Code not valid yet: check the scanning device’s clock',
  },
  // The signature checks out before the store is asked, so the venue did sell this ticket: on
  // another copy of its data (a spare laptop), or after the backup the store was restored from.
  unknown_ticket: {
    verdict: 'Not in this venue’s sales: send the guest to the box office',
    log: 'Signed by this venue but not in its sales (sold after the backup it was restored from, or on another copy of its data)',
  },
  wrong_event: { verdict: 'Ticket for another event', log: 'Ticket is for another event' },
  already_scanned: { verdict: 'Already scanned', log: 'Already used: this ticket is inside' },
  voided: { verdict: 'Voided ticket', log: 'Ticket voided (refunded, or the event was cancelled)' },
  // Replaced by a newer ticket: handed on to someone, or reissued to its own holder after a lost
  // phone or a forwarded code. Whoever shows the old one may be a finder or a copy's holder, not
  // the guest: the steward sends them to the box office, which knows who holds the new one.
  transferred: {
    verdict: 'Replaced by a newer ticket: send the guest to the box office',
    log: 'Ticket replaced by a newer one (transferred, or reissued after a lost phone or a shared code): only the new one admits',
  },
  paper_not_allowed: {
    verdict: 'Paper pass not accepted for this ticket: show it on the phone',
    log: 'Paper pass not accepted for this tier: the guest must show the ticket on a phone',
  },
};

/**
 * Reasons said otherwise of a paper pass than of a phone's code, where the usual words would send
 * the steward the wrong way.
 * - `expired`: a print or PDF cannot be "opened again". A pass lives until a day after doors, so an
 *   expired one was printed or mailed before the show moved later (docs/api.md "Doors moved
 *   later"); the guest needs a new print from the box office.
 * - `not_yet_valid`: there is no phone whose clock could be wrong. A pass is good from the moment it
 *   was printed, so the door's own clock is behind the box office's (a tablet offline since it was
 *   switched on, never set): the steward checks the door, not the guest.
 */
export const paperPassWords: Readonly<Partial<Record<ScanReason, { verdict: string; log: string }>>> = {
  expired: {
    verdict: 'Printed ticket out of date: send the guest to the box office for a new print',
    log: 'Paper pass expired (printed or mailed before the doors moved later): the box office reprints or resends it',
  },
  not_yet_valid: {
    verdict:
      'Printed ticket not valid yet by this door’s clock: set the door’s date and time, then scan again',
    log: 'Paper pass not valid yet at the scanning device’s time: that device’s clock is behind the box office’s',
  },
};
