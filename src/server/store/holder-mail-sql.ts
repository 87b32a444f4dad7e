/**
 * The WHERE clause (over `mail_outbox`, parameter `@event`) picking an event's ticket mails that
 * were addressed to the ticket's holder: an order confirmation (`ref` the order) to its buyer's
 * address, or a transferred ticket's own mail (`ref` the ticket) to its holder's. A resend to a
 * one-off address ("send them to my partner too") told someone else, so it does not count, unless
 * the buyer or holder has no address on record: then the one the till typed was theirs. Shared by
 * the outdated-passes and outdated-venue reads, which must agree on who was told.
 */
export const holderTicketMailsWhere = `
  (kind = 'order_confirmation' AND EXISTS (
      SELECT 1 FROM orders o
       WHERE o.id = mail_outbox.ref AND o.event_id = @event
         AND (o.buyer_email IS NULL OR o.buyer_email = mail_outbox.to_email COLLATE NOCASE)))
  OR (kind = 'ticket_transfer' AND EXISTS (
      SELECT 1 FROM tickets t LEFT JOIN attendees a ON a.id = t.attendee_id
       WHERE t.id = mail_outbox.ref AND t.event_id = @event AND t.transferred_from IS NOT NULL
         AND (a.email IS NULL OR a.email = mail_outbox.to_email COLLATE NOCASE)))`;
