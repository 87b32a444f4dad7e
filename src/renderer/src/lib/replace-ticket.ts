import type { AttendeeView, TicketView, TransferBody } from '../api/types.js';

/**
 * Replacing a ticket (a lost phone, a paper slip gone, a code forwarded to someone else) is a
 * transfer to its own holder: the API's one way to mint a new code and retire the old one for
 * good, at every door (docs/api.md "Replacing a lost or shared ticket"). The server sees the
 * holder's own address and words the mail as their new ticket.
 */
export function replacementBody(holder: Pick<AttendeeView, 'name'> | undefined, email: string): TransferBody {
  // No address (a cash walk-in who gave none): null, the new ticket is handed over printed and
  // nothing is mailed. The field itself is required, so a client that forgets it is told.
  const body: TransferBody = { to_email: email.trim() || null };
  if (holder?.name) body.name = holder.name;
  return body;
}

/**
 * Why a ticket cannot be replaced or transferred, in words, before anyone presses: the server
 * refuses a used ticket (`ticket_already_scanned`), as a box office would, since a new code would
 * let a second person in on it. null when it can be.
 */
export function notReplaceableWords(ticket: Pick<TicketView, 'status' | 'scan_count'>): string | null {
  if (ticket.status !== 'active' || ticket.scan_count === 0) return null;
  return (
    'Used at the door: cannot be replaced or transferred, as a new code would let a second person in. ' +
    'Reprint gives the guest the same ticket again.'
  );
}

/** The note under the order once the replacement is made. */
export function replacedNote(
  oldTicketId: string,
  fresh: Pick<TicketView, 'id'>,
  email: string | null,
  printing: boolean,
): string {
  const how = email
    ? `, mailed to ${email}.${printing ? ' It is printing now.' : ''}`
    : ': nothing was mailed (no email); it is printing now, hand the slip to the guest.';
  return (
    `Replaced ${oldTicketId} with new ticket ${fresh.id}${how} ` +
    'The old code is refused at the door from now on ("replaced by a newer one: send the guest to the box office").'
  );
}
