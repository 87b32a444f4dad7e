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
