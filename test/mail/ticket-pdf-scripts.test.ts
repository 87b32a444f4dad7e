import { describe, expect, it } from 'vitest';
import { ticketFonts } from '../../src/server/mail/ticket-fonts.js';
import { renderTicketPdf, type PdfTicket } from '../../src/server/mail/ticket-pdf.js';
import { pdfFonts, pdfPages, pdfQrCodes } from '../support/pdf-tools.js';

/**
 * The ticket PDF made by the real renderer with its embedded font, read back by poppler, which
 * shares no code with pdfkit: what a printout or a PDF viewer's copy and search would give.
 */

const ticket = (n: number, attendeeName: string | null, tierName = 'Parter'): PdfTicket => ({
  id: `tkt_0${n}`,
  tierName,
  attendeeName,
  walletUrl: `https://tickets.venue.example/w/secret${n}`,
  paperPass: `paper-pass-${n}`,
});

const event = {
  eventTitle: 'Dvořák w Łodzi',
  venue: 'Sahne Şişli, İstanbul',
  doors: 'Thu 26 Nov 2026, 19:00 (Warsaw time)',
  orderId: 'ord_01',
};

describe('the ticket PDF in other scripts (embedded DejaVu Sans)', () => {
  it('prints Cyrillic, Greek, Vietnamese, Polish, Czech and Turkish names and titles as written', async () => {
    const names = ['Ёлкина', 'Παπαδόπουλος', 'Nguyễn Thị Ánh', 'Łódź Żółć', 'İpek Çağlar'];
    const pdf = await renderTicketPdf({
      ...event,
      tickets: names.map((name, i) => ticket(i, name, i === 0 ? 'Přízemí – stání' : 'Parter')),
    });

    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(names.length);
    names.forEach((name, i) => {
      const page = pages[i]!;
      expect(page).toContain(name);
      expect(page).toContain('Dvořák w Łodzi');
      expect(page).toContain('Sahne Şişli, İstanbul');
      expect(page).toContain(`tkt_0${i}`);
    });
    expect(pages[0]).toContain('Přízemí – stání');
    // The QR still reads off every page: the font change left the codes alone.
    expect(pdfQrCodes(pdf)).toEqual(names.map((_, i) => `paper-pass-${i}`));

    // Only the two embedded faces, each a subset of the glyphs used, each mapped back to Unicode.
    const fonts = pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
    ]);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it('prints a name typed as letters plus combining marks as the same composed letters', async () => {
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 A\u0301nh';
    expect(decomposed).not.toBe('Nguyễn Thị Ánh');
    const [page] = pdfPages(await renderTicketPdf({ ...event, tickets: [ticket(1, decomposed)] }));
    expect(page).toContain('Nguyễn Thị Ánh');
  });

  it('keeps a name in a script the font lacks (CJK) in the text, whole, instead of dropping it', async () => {
    const pdf = await renderTicketPdf({ ...event, tickets: [ticket(1, '李小龙 Bruce Lee')] });
    // The page shows the font's empty box for each of the three characters it has no glyph for;
    // the text a viewer copies or searches, and that poppler reads here, is the name as written.
    const [page] = pdfPages(pdf);
    expect(page).toContain('李小龙 Bruce Lee');
    expect(page).toContain('tkt_01');
    expect(pdfQrCodes(pdf)).toEqual(['paper-pass-1']);
  });

  it('parses the font files once per process, not once per PDF', async () => {
    const first = ticketFonts();
    await renderTicketPdf({ ...event, tickets: [ticket(1, 'Ёлкина')] });
    expect(ticketFonts()).toBe(first);
    expect([first.regular.postscriptName, first.bold.postscriptName]).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
    ]);
  });
});

describe('the ticket PDF of a Windows-1252 order (built-in Helvetica)', () => {
  it('embeds no font when every text is Western European, and still prints it as written', async () => {
    const pdf = await renderTicketPdf({
      eventTitle: 'Café Müller – Søren’s night',
      venue: 'Salle Pleyel, Paris',
      doors: 'Thu 26 Nov 2026, 19:00 (Paris time)',
      orderId: 'ord_01',
      tickets: [ticket(1, 'Zoë Ångström'), ticket(2, 'François Œuvre', 'Fauteuil €')],
    });
    const pages = pdfPages(pdf);
    expect(pages[0]).toContain('Zoë Ångström');
    expect(pages[1]).toContain('François Œuvre');
    expect(pages[1]).toContain('Fauteuil €');
    expect(pages[0]).toContain('Café Müller – Søren’s night');
    expect(pdfQrCodes(pdf)).toEqual(['paper-pass-1', 'paper-pass-2']);
    const fonts = pdfFonts(pdf);
    expect(fonts.map((font) => font.name).sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
    for (const font of fonts) expect(font.embedded).toBe(false);
  });

  it('switches the whole PDF to the embedded font when one ticket of the order needs it', async () => {
    const pdf = await renderTicketPdf({
      ...event,
      eventTitle: 'Plain title',
      venue: 'Plain hall',
      tickets: [ticket(1, 'Anna Smith'), ticket(2, 'Ёлкина')],
    });
    expect(pdfPages(pdf)[1]).toContain('Ёлкина');
    expect(
      pdfFonts(pdf)
        .map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))
        .sort(),
    ).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});
