import type { AttendeeView, TicketView, TransferBody } from '../api/types.js';

/**
 * Replacing a ticket (a lost phone, a paper slip gone, a code forwarded to someone else) is a
 * transfer to its own holder: the API's one way to mint a new code and retire the old one for
 * good, at every door (docs/api.md "Replacing a lost or shared ticket"). These are its words.
 */

/** What the holder's mail says above the new ticket, so a transfer to oneself reads as it is. */
export const replacementMessage = (oldTicketId: string): string =>
  `This is your new ticket. It replaces ticket ${oldTicketId}, which no longer gets anyone in: ` +
  'not a print of it, a screenshot or the phone it was on. Show this one at the door.';

/** The transfer that replaces `ticket`, mailed to `email` (the holder's own unless put right). */
export function replacementBody(
  ticket: Pick<TicketView, 'id'>,
  holder: Pick<AttendeeView, 'name'> | undefined,
  email: string,
): TransferBody {
  const body: TransferBody = { to_email: email.trim(), message: replacementMessage(ticket.id) };
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
    `The old code is refused at the door from now on ("replaced by a newer one: send the guest to the box office").`
  );
}
