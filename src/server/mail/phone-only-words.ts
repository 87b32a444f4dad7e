/** What these words need of a ticket as its PDF page shows it (PdfTicket in ticket-pdf.ts). */
interface MailedTicket {
  tierName: string;
  /** Null for a phone-only ticket: its page carries the wallet link's QR instead. */
  paperPass: string | null;
}

/**
 * What ticket mail says about phone-only tickets (a tier with paper passes switched off): its PDF
 * page carries only the wallet link's QR, which the door does not admit. The mail said "print it,
 * or show it on your phone at the door" for every ticket, so a holder who did that (or who kept
 * the PDF for the night, with no signal at the venue) stood at the door with a code that only
 * opens a page the phone had never saved. The page works without signal once opened with it.
 */
const howToUse =
  'once with signal before you come: the page then works without signal too, and shows the code the door scans.';

const uniqueTiers = (tickets: readonly MailedTicket[]): string =>
  [...new Set(tickets.map((ticket) => ticket.tierName))].join(', ');

/**
 * The order mail's sentence on the attached PDF: how to use it, and which tickets it cannot get
 * in (phone-only), with what to do instead.
 */
export function orderPdfSentence(tickets: readonly MailedTicket[]): string {
  const count = tickets.length;
  const attached = `Your ${count === 1 ? 'ticket is' : `${count} tickets are`} attached as a PDF, one page per ticket`;
  const phoneOnly = tickets.filter((ticket) => ticket.paperPass === null);
  if (phoneOnly.length === 0) return `${attached}: print it, or show it on your phone at the door.`;
  if (phoneOnly.length === count) {
    return `${attached}, but ${count === 1 ? 'it is' : 'they are'} phone-only: the PDF, or a print of it, does not get you in. Open ${count === 1 ? 'its link' : 'each link'} below on the phone that will show it, ${howToUse}`;
  }
  const one = phoneOnly.length === 1;
  return `${attached}: print it, or show it on your phone at the door. The ${uniqueTiers(phoneOnly)} ${one ? 'ticket is' : 'tickets are'} phone-only: ${one ? 'its page' : 'their pages'} in the PDF, or a print of ${one ? 'it' : 'them'}, do not get in. Open ${one ? 'its link' : 'their links'} below on the phone that will show ${one ? 'it' : 'them'}, ${howToUse}`;
}

/** The transfer mail's sentence on the attached PDF (one ticket). */
export function ticketPdfSentence(ticket: MailedTicket): string {
  if (ticket.paperPass !== null)
    return 'Your ticket is attached as a PDF: print it, or show it on your phone at the door.';
  return `Your ticket is attached as a PDF, but it is phone-only: the PDF, or a print of it, does not get you in. Open the link below on the phone that will show it, ${howToUse}`;
}

/** The caption under a phone-only ticket's QR (the wallet link) on its PDF page. */
export const phoneOnlyPdfCaption = `Phone-only ticket: this code, printed or on a screen, does not get you in. It opens your ticket's page: scan it with your phone (or tap the link below) ${howToUse}`;
