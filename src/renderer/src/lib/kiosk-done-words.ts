/**
 * What the kiosk's done screen tells the customer to take away. A ticket with a paper pass admits
 * once from a photo of it; a phone-only ticket (its tier refuses paper) gets in only with the live
 * code on the holder's phone, so "take a photo" would send them to the door with a code that has
 * expired by the time they reach it.
 */
export function kioskDoneHint(tickets: readonly { paper_pass: string | null }[]): string {
  const withPass = tickets.filter((t) => t.paper_pass !== null).length;
  if (withPass === tickets.length) {
    return 'Scan a wallet code with your phone to keep the ticket, or take a photo of the ticket code and show it at the door.';
  }
  const phoneOnly =
    'only with the live code on your phone, not a photo or a print: scan the wallet code with your phone to keep';
  // One ticket bought is said as one: "These tickets … them" read wrong on the usual one-ticket sale.
  if (withPass === 0)
    return tickets.length === 1
      ? `This ticket gets in ${phoneOnly} it.`
      : `These tickets get in ${phoneOnly} them.`;
  return `Tickets marked “phones only” get in ${phoneOnly} them. For the others, a wallet code scanned with your phone or a photo of the ticket code both work at the door.`;
}

/** The caption under a ticket's door code: a pass admits once; a live code only shows what the phone will. */
export function kioskDoorCaption(hasPass: boolean): string {
  return hasPass ? 'Ticket: admits once' : 'Phones only: changes every few minutes, no photo';
}
