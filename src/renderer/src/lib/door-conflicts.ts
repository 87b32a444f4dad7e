import type { ConflictRecord } from '../../../scanner/device-state.js';
import { refusalWords } from './manual-check-in.js';

/**
 * The door's conflicts as a steward reads them: scans this door decided alone (offline) that the
 * server, at sync, saw differently. Who (the door pack's name when it knows one), what the door
 * did and when, the server's reason in the shared scan-reason words, and what to do about it.
 */
export interface ConflictRow {
  key: string;
  ticketId: string | null;
  /** The guest's name from the door pack; null when the pack names nobody for the ticket. */
  name: string | null;
  tierName: string | null;
  /** What this door did, and when: "Let in" or "Turned away". */
  doorDid: 'Let in' | 'Turned away';
  at: number;
  /** The server's word on the ticket ("Ticket voided (refunded, or the event was cancelled)"). */
  server: string;
  /** What the steward does now. */
  todo: string;
}

/** What the door pack says of a ticket; both null when it does not know the ticket. */
export interface PackNames {
  name(ticketId: string): string | null;
  tierName(ticketId: string): string | null;
}

type Disagreement = Pick<
  ConflictRecord,
  'ticketId' | 'scannedAt' | 'localResult' | 'serverResult' | 'serverReason' | 'conflict' | 'recordedAt'
>;

function todo(d: Disagreement): string {
  // A record is kept only where the verdicts differ (or for a conflict, always a refusal).
  if (d.localResult === 'rejected')
    return 'The server accepts this ticket: if the guest was turned away, let them in.';
  if (d.conflict)
    return 'Another door let this ticket in first: find the guest and check whose ticket it is.';
  switch (d.serverReason) {
    // This same door had let them in (an answer lost on the Wi-Fi): the one inside is the holder.
    case 'already_scanned':
      return 'Nothing to do: this door had let the guest in already.';
    case 'transferred':
      return 'Find the guest and ask for the new ticket; the new holder may come too.';
    case 'voided':
      return 'Find the guest: the ticket is no longer valid. Send them to the box office.';
    default:
      return 'Find the guest and check their ticket.';
  }
}

/** The rows to show, newest first: the steward acts on the latest first. */
export function conflictRows(records: readonly Disagreement[], pack: PackNames): ConflictRow[] {
  return records
    .map((d, i) => ({
      key: `${d.recordedAt}-${i}`,
      ticketId: d.ticketId,
      name: d.ticketId ? pack.name(d.ticketId) : null,
      tierName: d.ticketId ? pack.tierName(d.ticketId) : null,
      doorDid: d.localResult === 'admitted' ? ('Let in' as const) : ('Turned away' as const),
      at: d.scannedAt,
      server: d.serverResult === 'admitted' ? 'The server accepts this ticket' : refusalWords(d.serverReason),
      todo: todo(d),
    }))
    .reverse();
}
