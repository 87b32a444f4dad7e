import { describe, expect, it } from 'vitest';
import { scriptFallbacks, ticketFonts } from '../../src/server/mail/ticket-fonts.js';
import { renderTicketPdf, type PdfTicket } from '../../src/server/mail/ticket-pdf.js';
import { pdfFonts, pdfInk, pdfPages, pdfQrCodes, pdfWords, type PdfFont } from '../support/pdf-tools.js';

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

/** The fonts' names without the subset tag, sorted. */
const fontNames = (fonts: readonly PdfFont[]): string[] =>
  fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort();

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

  it('prints a name with invisible marks pasted in (direction marks, joiners, a BOM) with no box for them', async () => {
    const name = '\u200eJohn\u2060 Smith\ufeff';
    const pdf = await renderTicketPdf({
      ...event,
      eventTitle: 'Plain title',
      venue: 'Plain hall',
      tickets: [ticket(1, name)],
    });
    expect(pdfPages(pdf)[0]).toContain('John');
    // Only DejaVu Sans, which has a glyph that draws nothing for each mark. Helvetica has none, and
    // a fallback font in the list would mean a box drawn for one (from the first fallback's .notdef).
    expect(fontNames(pdfFonts(pdf))).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('keeps a name in a script no font has (Egyptian hieroglyphs) in the text, whole, instead of dropping it', async () => {
    const pdf = await renderTicketPdf({ ...event, tickets: [ticket(1, '\u{13080} Bruce Lee')] });
    // The page shows an empty box for the one character no font has a glyph for; the text a viewer
    // copies or searches, and that poppler reads here, is the name as written.
    const [page] = pdfPages(pdf);
    expect(page).toContain('\u{13080} Bruce Lee');
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
    // The script fallbacks too, each found in its package (the CJK ones beside the script their
    // package exports) and parsed once: a PDF that uses several gets the same parsed fonts.
    const fallbacks = scriptFallbacks.regular.map((fallback) => fallback.font());
    await renderTicketPdf({ ...event, tickets: [ticket(1, 'สมชาย 王芳 김민준')] });
    scriptFallbacks.regular.forEach((fallback, i) => expect(fallback.font()).toBe(fallbacks[i]));
    expect(fallbacks.map((font) => font.postscriptName)).toEqual([
      'NotoSansThai-Regular',
      'NotoSansDevanagari-Regular',
      'NotoSansBengali-Regular',
      'NotoSansOriya-Regular',
      'NotoSansGurmukhi-Regular',
      'NotoSansGujarati-Regular',
      'NotoSansTamil-Regular',
      'NotoSansTelugu-Regular',
      'NotoSansKannada-Regular',
      'NotoSansMalayalam-Regular',
      'NotoSansSinhala-Regular',
      'NotoSansKhmer-Regular',
      'NotoSansEthiopic-Regular',
      'NotoSansHans-Regular',
      'NotoSansKR-Regular',
      'NotoEmoji-Regular',
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

describe('the ticket PDF in Thai, Chinese, Japanese and Korean (Noto fallbacks)', () => {
  const western = {
    eventTitle: 'Spring Gala',
    venue: 'Salle Pleyel, Paris',
    doors: 'Thu 26 Nov 2026, 19:00 (Paris time)',
    orderId: 'ord_01',
  };

  it('prints each name as written, each script in its Noto font, the rest still in Helvetica', async () => {
    const names = ['王芳', '山田 太郎', 'さくら ミキ', '김민준', 'สมชาย ใจดี'];
    const pdf = await renderTicketPdf({ ...western, tickets: names.map((name, i) => ticket(i, name)) });

    const pages = pdfPages(pdf);
    names.forEach((name, i) => {
      expect(pages[i]).toContain(name);
      expect(pages[i]).toContain('Spring Gala');
    });
    expect(pdfQrCodes(pdf)).toEqual(names.map((_, i) => `paper-pass-${i}`));
    // Names are set bold: Thai in its bold, CJK in the regular weight (the only one shipped).
    const fonts = pdfFonts(pdf);
    expect(fontNames(fonts)).toEqual([
      'Helvetica',
      'Helvetica-Bold',
      'NotoSansHans-Regular',
      'NotoSansKR-Regular',
      'NotoSansThai-Bold',
    ]);
    for (const font of fonts.filter((f) => f.name.includes('Noto')))
      expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it('draws a CJK name set bold heavier than the same text set regular, with no bold font shipped', async () => {
    // The venue line is the regular weight, the name the bold, both 13 pt: the same two glyphs.
    const pdf = await renderTicketPdf({ ...western, venue: '王芳', tickets: [ticket(1, '王芳')] });
    const [venue, name] = pdfWords(pdf)[0]!.filter((word) => word.text === '王芳');
    expect(name!.y).toBeGreaterThan(venue!.y);
    expect(pdfInk(pdf, 1, name!)).toBeGreaterThan(1.25 * pdfInk(pdf, 1, venue!));
    expect(fontNames(pdfFonts(pdf))).toEqual(['Helvetica', 'Helvetica-Bold', 'NotoSansHans-Regular']);
  });

  it('embeds only the fallback an order needs, beside DejaVu Sans when a text needs that too', async () => {
    const pdf = await renderTicketPdf({ ...event, tickets: [ticket(1, '王芳'), ticket(2, 'Ёлкина')] });
    const pages = pdfPages(pdf);
    expect(pages[0]).toContain('王芳');
    expect(pages[1]).toContain('Ёлкина');
    expect(fontNames(pdfFonts(pdf))).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'NotoSansHans-Regular']);
  });

  it('sets a name no one font covers piece by piece, each piece in the first font that has it', async () => {
    const pdf = await renderTicketPdf({ ...western, tickets: [ticket(1, 'สมชาย 王芳 Ivan', 'Kim 김민준')] });
    const [page] = pdfPages(pdf);
    expect(page).toContain('สมชาย 王芳 Ivan');
    expect(page).toContain('Kim 김민준');
    expect(fontNames(pdfFonts(pdf))).toEqual([
      'Helvetica',
      'Helvetica-Bold',
      'NotoSansHans-Regular',
      'NotoSansKR-Regular',
      'NotoSansThai-Bold',
    ]);
  });
});

describe('the ticket PDF in Hebrew and Arabic (right to left)', () => {
  const reversed = (word: string): string => [...word].reverse().join('');

  it('keeps the space between the words, the first word on the right, each read right to left', async () => {
    const names = ['שרה כהן', 'محمد علي', 'Sarah שרה כהן'];
    const pdf = await renderTicketPdf({
      ...event,
      tickets: names.map((name, i) => ticket(i, name, 'יציע 2')),
    });

    // What copying and searching give: poppler puts right-to-left text back in reading order, inside
    // bidi embedding marks (dropped here).
    const pages = pdfPages(pdf).map((page) => page.replace(/[\u202a-\u202e]/g, ''));
    names.forEach((name, i) => expect(pages[i]).toContain(name));

    // What the printout shows: on the name's line, left to right, "כהן" then "שרה", each word's
    // glyphs in reverse reading order, apart (two words, not "כהןשרה").
    const words = pdfWords(pdf);
    const line = (page: number, word: string): string[] => {
      const y = words[page]!.find((w) => w.text === word)?.y;
      return words[page]!.filter((w) => w.y === y).map((w) => w.text);
    };
    expect(line(0, reversed('כהן'))).toEqual([reversed('כהן'), reversed('שרה')]);
    expect(line(2, 'Sarah')).toEqual(['Sarah', reversed('כהן'), reversed('שרה')]);
    // A number after Hebrew words stands on their left, as the bidi algorithm places it.
    expect(line(0, reversed('יציע'))).toEqual(['2', reversed('יציע')]);
    // Arabic's letters are joined (contextual forms), so its two words are checked as two words.
    expect(pages[1]).not.toContain('محمدعلي');
    expect(fontNames(pdfFonts(pdf))).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});

describe('the ticket PDF in the scripts of South Asia, Khmer and Ethiopic (Noto fallbacks)', () => {
  const western = {
    eventTitle: 'Diwali Mela',
    venue: 'Main hall',
    doors: 'Thu 26 Nov 2026, 19:00 (Kolkata time)',
    orderId: 'ord_01',
  };
  // Everyday names. The Gurmukhi, Telugu and Malayalam ones made fontkit throw (null-anchors.ts).
  const names = [
    ['प्रिया शर्मा', 'NotoSansDevanagari-Bold'],
    ['সৌমিত্র চট্টোপাধ্যায়', 'NotoSansBengali-Bold'],
    ['ଦେବାଶିଷ ମହାପାତ୍ର', 'NotoSansOriya-Bold'],
    ['ਹਰਪ੍ਰੀਤ ਸਿੰਘ', 'NotoSansGurmukhi-Bold'],
    ['પ્રિયંકા પટેલ', 'NotoSansGujarati-Bold'],
    ['கார்த்திக் சுப்பிரமணியம்', 'NotoSansTamil-Bold'],
    ['శ్రీనివాస్ రావు', 'NotoSansTelugu-Bold'],
    ['ಕೃಷ್ಣ ಮೂರ್ತಿ', 'NotoSansKannada-Bold'],
    ['പുസ്തകം ശ്രീകുമാർ', 'NotoSansMalayalam-Bold'],
    ['සුනිල් පෙරේරා', 'NotoSansSinhala-Bold'],
    ['សុខ ស្រី', 'NotoSansKhmer-Bold'],
    ['አበበ ቢቂላ', 'NotoSansEthiopic-Bold'],
  ] as const;

  it('prints each name as typed, each script in its own Noto font, the rest still in Helvetica', async () => {
    const pdf = await renderTicketPdf({ ...western, tickets: names.map(([name], i) => ticket(i, name)) });

    // What copying and searching give: the name as typed, though the page draws "प्रिया" with its
    // vowel sign first (ActualText; without it poppler reads "िप्रया").
    const pages = pdfPages(pdf);
    names.forEach(([name], i) => {
      expect(pages[i]).toContain(name);
      expect(pages[i]).toContain('Diwali Mela');
      expect(pages[i]).toContain(`tkt_0${i}`);
    });
    expect(pdfQrCodes(pdf)).toEqual(names.map((_, i) => `paper-pass-${i}`));
    // Names are set bold, in each script's bold; nothing else needed more than Helvetica.
    const fonts = pdfFonts(pdf);
    expect(fontNames(fonts)).toEqual(
      ['Helvetica', 'Helvetica-Bold', ...names.map(([, font]) => font)].sort(),
    );
    for (const font of fonts.filter((f) => f.name.includes('Noto')))
      expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
  });

  it('keeps a name in one typeface when its script font has the Latin letters too', async () => {
    const pdf = await renderTicketPdf({ ...western, tickets: [ticket(1, 'Priya प्रिया', 'VIP')] });
    expect(pdfPages(pdf)[0]).toContain('Priya प्रिया');
    expect(fontNames(pdfFonts(pdf))).toEqual(['Helvetica', 'Helvetica-Bold', 'NotoSansDevanagari-Bold']);
  });
});

describe('the ticket PDF with emoji (Noto Emoji)', () => {
  it('prints emoji in names, with skin tones, families and flags, as one glyph each, the letters as before', async () => {
    const names = ['Tom 🎸', 'Ana 👍🏽', '👨‍👩‍👧 Family', 'Priya 🇮🇳', 'Zoë 🎂'];
    const pdf = await renderTicketPdf({
      eventTitle: 'Spring Gala 🎉',
      venue: 'Salle Pleyel, Paris',
      doors: 'Thu 26 Nov 2026, 19:00 (Paris time)',
      orderId: 'ord_01',
      tickets: names.map((name, i) => ticket(i, name)),
    });
    // Each name as typed (ActualText): read glyph by glyph, "Ana 👍🏽" would come back "Ana 👍".
    const pages = pdfPages(pdf);
    names.forEach((name, i) => {
      expect(pages[i]).toContain(name);
      expect(pages[i]).toContain('Spring Gala 🎉');
    });
    expect(pdfQrCodes(pdf)).toEqual(names.map((_, i) => `paper-pass-${i}`));
    // Names and the title are set bold. The family's joiners are among DejaVu Sans's glyphs (which
    // draw nothing), so the Latin text is in DejaVu Sans, as for any order with such a mark.
    expect(fontNames(pdfFonts(pdf))).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'NotoEmoji-Bold']);
    // Spaces and letters beside an emoji stay in the name's own font (Noto Emoji's space is an
    // emoji wide); what joins emoji into one goes with them.
    const { only } = scriptFallbacks.bold.at(-1)!;
    expect([...' aZé'].filter((char) => only!.test(char))).toEqual([]);
    expect(['\u200d', '\ufe0f', '🏽', '🇮', '🎸'].every((char) => only!.test(char))).toBe(true);
    // The sequences are ligatures of the font: a family, a flag, a thumb with its skin tone.
    const emoji = scriptFallbacks.bold.at(-1)!.font();
    for (const sequence of ['👨‍👩‍👧', '🇮🇳', '👍🏽']) {
      const glyphs = emoji.layout(sequence).glyphs;
      expect(glyphs.map((glyph) => glyph.id !== 0)).toEqual([true]);
    }
  });
});
