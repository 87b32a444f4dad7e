import type { AttendeeView, TicketView, TransferBody } from '../api/types.js';

/**
 * Replacing a ticket (a lost phone, a paper slip gone, a code forwarded to someone else) is a
 * transfer to its own holder: the API's one way to mint a new code and retire the old one for
 * good, at every door (docs/api.md "Replacing a lost or shared ticket"). The server sees the
 * holder's own address and words the mail as their new ticket.
 */
export function replacementBody(holder: Pick<AttendeeView, 'name'> | undefined, email: string): TransferBody {
  const body: TransferBody = { to_email: email.trim() };
  if (holder?.name) body.name = holder.name;
  return body;
}

/** The note under the order once the replacement is made. */
export function replacedNote(
  oldTicketId: string,
  fresh: Pick<TicketView, 'id'>,
  email: string,
  printing: boolean,
): string {
  const print = printing ? ' It is printing now.' : '';
  return (
    `Replaced ${oldTicketId} with new ticket ${fresh.id}, mailed to ${email}.${print} ` +
    'The old code is refused at the door from now on ("replaced by a newer one: send the guest to the box office").'
  );
}
