import { describe, expect, it } from 'vitest';
import { orderMailSubject } from '../../../src/server/domain/mail-subjects.js';
import { orderMail } from '../../../src/server/mail/order-mail.js';
import { transferMail } from '../../../src/server/mail/transfer-mail.js';
import { renderTicketPdf, type PdfTicket } from '../../../src/server/mail/ticket-pdf.js';
import { pdfPages } from '../../support/pdf-tools.js';

const event = { title: 'Night <show>', venue: 'Main hall', doors: 'Thu 24 Dec 2026, 19:00 (UTC)' };
const ticket = (n: number, name: string | null = 'Ada'): PdfTicket => ({
  id: `tik_${n}`,
  tierName: 'Balcony',
  attendeeName: name,
  walletUrl: `https://tickets.venue.example/w/secret${n}`,
  paperPass: null,
});
const pdf = Buffer.from('%PDF-1.3 test');
/** A ticket of a tier that takes paper: its PDF page carries the pass the door admits. */
const paperTicket = (n: number, name: string | null = 'Ada'): PdfTicket => ({
  ...ticket(n, name),
  tierName: 'Stalls',
  paperPass: `pass${n}`,
});
/** Text as pdftotext reads it, on one line (the caption wraps). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

describe('the transfer mail', () => {
  const input = {
    to: 'grace@example.test',
    recipientName: 'Grace',
    senderName: 'Ada',
    replaces: null,
    event,
    ticket: ticket(1, 'Grace'),
    message: undefined,
    pdf,
  };

  it('reads as a sentence, with the doors time in the event’s zone', () => {
    const mail = transferMail(input);
    expect(mail.subject).toBe('Ada sent you a ticket for Night <show>');
    expect(mail.text).toContain(
      'Ada transferred a ticket for Night <show> (Balcony; Main hall, doors Thu 24 Dec 2026, 19:00 (UTC)) to you.',
    );
    expect(mail.html).toContain('Night &lt;show&gt;');
    expect(mail.html).not.toContain('<show>');
  });

  it('carries the ticket as a PDF and the wallet link, and no short-lived code', () => {
    const mail = transferMail({ ...input, message: 'See you <there>' });
    expect(mail.text).toContain('It is also online: https://tickets.venue.example/w/secret1');
    expect(mail.html).toContain('href="https://tickets.venue.example/w/secret1"');
    expect(mail.text).toContain('Their message: See you <there>');
    expect(mail.html).toContain('<blockquote>See you &lt;there&gt;</blockquote>');
    expect(mail.attachments).toEqual([
      { filename: 'ticket-tik_1.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    expect(mail.html).not.toContain('cid:');
    expect(`${mail.text}${mail.html}`).not.toMatch(/few minutes/);
  });

  it('a replacement (the holder’s own address) says it is their new ticket and the old one is dead', () => {
    const mail = transferMail({ ...input, to: 'ada@example.test', recipientName: 'Ada', replaces: 'tik_0' });
    expect(mail.subject).toBe('Your new ticket for Night <show>');
    expect(mail.text).toContain(
      'Here is your new ticket for Night <show> (Balcony; Main hall, doors Thu 24 Dec 2026, 19:00 (UTC)). It replaces ticket tik_0, which no longer gets anyone in',
    );
    expect(mail.text).not.toContain('transferred');
  });

  it('names nobody when the sender is unknown', () => {
    const mail = transferMail({ ...input, senderName: null, recipientName: null });
    expect(mail.subject).toBe('Someone sent you a ticket for Night <show>');
    expect(mail.text.startsWith('Hi,\n')).toBe(true);
  });
});

describe('the order mail', () => {
  it('lists every ticket with its wallet link and attaches the PDF', () => {
    const mail = orderMail({
      to: 'ada@example.test',
      buyerName: 'Ada',
      orderId: 'ord_1',
      event,
      tickets: [ticket(1), ticket(2, null)],
      pdf,
    });
    expect(mail.subject).toBe('Your tickets for Night <show>');
    expect(mail.text).toContain('Your 2 tickets are attached as a PDF');
    expect(mail.text).toContain('Doors: Thu 24 Dec 2026, 19:00 (UTC)');
    expect(mail.text).toContain('- Balcony (Ada): https://tickets.venue.example/w/secret1');
    expect(mail.text).toContain('- Balcony: https://tickets.venue.example/w/secret2');
    expect(mail.html).toContain('<a href="https://tickets.venue.example/w/secret2">Balcony</a>');
    expect(mail.html).toContain('<strong>Night &lt;show&gt;</strong>');
    expect(mail.attachments).toEqual([
      { filename: 'tickets-ord_1.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('says ticket or tickets by the count', () => {
    expect(orderMailSubject('Gig', 1)).toBe('Your ticket for Gig');
    expect(orderMailSubject('Gig', 4)).toBe('Your tickets for Gig');
  });
});

describe('phone-only tickets (a tier without paper passes): the mail and the PDF say the PDF does not get in', () => {
  const opener =
    'once with signal before you come: the page then works without signal too, and shows the code the door scans.';

  it('an order of paper and phone-only tickets says which ones need their link opened on the phone', () => {
    const mail = orderMail({
      to: 'ada@example.test',
      buyerName: 'Ada',
      orderId: 'ord_1',
      event,
      tickets: [paperTicket(1), ticket(2), ticket(3, 'Grace')],
      pdf,
    });
    const sentence = `Your 3 tickets are attached as a PDF, one page per ticket: print it, or show it on your phone at the door. The Balcony tickets are phone-only: their pages in the PDF, or a print of them, do not get in. Open their links below on the phone that will show them, ${opener}`;
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
  });

  it('an order of phone-only tickets only does not tell the buyer to print it', () => {
    const mail = orderMail({
      to: 'ada@example.test',
      buyerName: 'Ada',
      orderId: 'ord_1',
      event,
      tickets: [ticket(1)],
      pdf,
    });
    expect(mail.text).toContain(
      `Your ticket is attached as a PDF, one page per ticket, but it is phone-only: the PDF, or a print of it, does not get you in. Open its link below on the phone that will show it, ${opener}`,
    );
    expect(mail.text).not.toContain('print it, or show it');
  });

  it('paper tickets only: as before', () => {
    const mail = orderMail({
      to: 'ada@example.test',
      buyerName: 'Ada',
      orderId: 'ord_1',
      event,
      tickets: [paperTicket(1), paperTicket(2)],
      pdf,
    });
    expect(mail.text).toContain(
      'Your 2 tickets are attached as a PDF, one page per ticket: print it, or show it on your phone at the door.\n',
    );
    expect(mail.text).not.toContain('phone-only');
  });

  it('a phone-only ticket transferred says so to its new holder; a paper one as before', () => {
    const input = {
      to: 'grace@example.test',
      recipientName: 'Grace',
      senderName: 'Ada',
      replaces: null,
      event,
      message: undefined,
      pdf,
    };
    const phoneOnly = transferMail({ ...input, ticket: ticket(1, 'Grace') });
    expect(phoneOnly.text).toContain(
      `Your ticket is attached as a PDF, but it is phone-only: the PDF, or a print of it, does not get you in. Open the link below on the phone that will show it, ${opener}\nIt is also online: https://tickets.venue.example/w/secret1`,
    );
    expect(phoneOnly.html).not.toContain('print it, or show it');
    const paper = transferMail({ ...input, ticket: paperTicket(1, 'Grace') });
    expect(paper.text).toContain(
      'Your ticket is attached as a PDF: print it, or show it on your phone at the door.',
    );
  });

  it('the phone-only page of the PDF says its code does not get in, and to open the page once with signal', async () => {
    const pages = pdfPages(
      await renderTicketPdf({
        eventTitle: event.title,
        venue: event.venue,
        doors: event.doors,
        orderId: 'ord_1',
        tickets: [paperTicket(1), ticket(2)],
      }),
    ).map(oneLine);
    expect(pages[0]).toContain('Show this code at the door. It admits one person, once');
    expect(pages[1]).toContain(
      `Phone-only ticket: this code, printed or on a screen, does not get you in. It opens your ticket's page: scan it with your phone (or tap the link below) ${opener}`,
    );
  });
});
