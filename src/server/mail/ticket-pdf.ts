import type PDFKitDocument from 'pdfkit';
import QRCode from 'qrcode';
import { phoneOnlyPdfCaption } from './phone-only-words.js';
import type { FaceName } from './ticket-fonts.js';
import { baseFaceFor, registerBaseFace, writeInFace } from './ticket-typeface.js';

/** One ticket as its PDF page shows it. */
export interface PdfTicket {
  id: string;
  tierName: string;
  attendeeName: string | null;
  walletUrl: string;
  /** The ticket's paper pass; null (the tier takes no paper) puts the wallet link's QR instead. */
  paperPass: string | null;
}

export interface TicketPdfInput {
  eventTitle: string;
  venue: string;
  /** The doors time as attendees read it (formatAttendeeTime: the event's zone, named). */
  doors: string;
  orderId: string;
  tickets: readonly PdfTicket[];
}

/**
 * pdfkit and the fonts are loaded the first time a PDF is made, not when the server starts:
 * importing pdfkit costs ~200 ms of CPU and ~8 MB of heap, which a server that sends no mail (or not
 * yet) never needs.
 */
let pdfkit: Promise<typeof PDFKitDocument> | undefined;
const loadPdfkit = (): Promise<typeof PDFKitDocument> =>
  (pdfkit ??= import('pdfkit').then((module) => module.default));

/** A4; everything sits inside Letter's width and height too, so it prints on either. */
const page = { size: 'A4', margin: 56 } as const;
const qrSizePt = 280;

const passCaption =
  'Show this code at the door. It admits one person, once: keep it to yourself, since whoever shows it first gets in.';

/**
 * The QR as filled rectangles, one per run of dark modules in a row: sharp at any print size and
 * a few kilobytes, where an embedded image would be blurry or large. Error correction M, as on
 * the wallet page (qr-png.ts); the white page is the quiet zone.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // A hair of overlap so no hairline gaps show between rows in viewers that anti-alias.
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell + 0.05);
    }
  }
  doc.fill('#000000');
}

/** Every text of the order, which together decide the PDF's base face. */
function orderTexts(input: TicketPdfInput): string[] {
  const texts = [input.eventTitle, input.venue, input.doors, input.orderId];
  for (const ticket of input.tickets)
    texts.push(ticket.id, ticket.tierName, ticket.attendeeName ?? '', ticket.walletUrl);
  return texts;
}

/**
 * Text as people wrote it, composed (NFC) so that "ễ" typed as "e" plus two marks prints as the
 * font's one glyph, in the face or, piece by piece, its script fallbacks (ticket-typeface.ts).
 */
const write = (
  doc: PDFKit.PDFDocument,
  face: FaceName,
  text: string,
  options?: PDFKit.Mixins.TextOptions,
): PDFKit.PDFDocument => writeInFace(doc, face, text.normalize('NFC'), options);

function detail(doc: PDFKit.PDFDocument, label: string, value: string): void {
  write(doc.fontSize(10).fillColor('#5c574f'), 'regular', label.toUpperCase());
  write(doc.fontSize(13).fillColor('#000000'), 'bold', value).moveDown(0.4);
}

function ticketPage(doc: PDFKit.PDFDocument, input: TicketPdfInput, ticket: PdfTicket): void {
  const width = doc.page.width - page.margin * 2;
  write(doc.fontSize(24).fillColor('#000000'), 'bold', input.eventTitle, { width });
  write(doc.fontSize(13), 'regular', input.venue, { width });
  write(doc, 'regular', `Doors: ${input.doors}`, { width }).moveDown(1);

  const qrTop = doc.y;
  drawQr(doc, ticket.paperPass ?? ticket.walletUrl, (doc.page.width - qrSizePt) / 2, qrTop, qrSizePt);
  doc.y = qrTop + qrSizePt + 12;
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#000000')
    .text(ticket.paperPass ? passCaption : phoneOnlyPdfCaption, page.margin, doc.y, {
      width,
      align: 'center',
    })
    .moveDown(1.2);

  detail(doc, 'Ticket', ticket.tierName);
  detail(doc, 'Name', ticket.attendeeName ?? '-');
  detail(doc, 'Ticket ID', ticket.id);
  detail(doc, 'Order', input.orderId);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#5c574f')
    .text('Your ticket online: ', { continued: true })
    .fillColor('#1a4fb4')
    .text(ticket.walletUrl, { link: ticket.walletUrl, underline: true });
}

/**
 * The PDF attached to order and transfer mail: one page per ticket with its QR (the paper pass,
 * or the wallet link's QR for tiers without paper), event, venue, doors, tier, attendee and ids.
 * Set in Helvetica, or in DejaVu Sans embedded (only the glyphs used) when a text needs it, with
 * other scripts' pieces and emoji in Noto fonts (ticket-typeface.ts), so a 4-ticket PDF is a few
 * tens of kilobytes and is made in tens of milliseconds (bench/mail.ts). It is made on the
 * server's event loop, so it yields after each page: a big order's PDF never holds up a door scan
 * for more than one page's work.
 */
export async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: page.size,
    margin: page.margin,
    autoFirstPage: false,
    // No default font: every text is set in the base face's two weights (or a fallback), registered below.
    font: '',
    info: { Title: `Tickets - ${input.eventTitle}`.normalize('NFC'), Author: input.venue.normalize('NFC') },
  });
  registerBaseFace(doc, baseFaceFor(orderTexts(input)));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const ticket of input.tickets) {
    doc.addPage();
    ticketPage(doc, input, ticket);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  doc.end();
  return done;
}
