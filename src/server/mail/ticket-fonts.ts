import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The ticket PDF's typeface: DejaVu Sans (the npm package dejavu-fonts-ttf, Bitstream Vera licence),
 * embedded so names and titles print as written in Latin scripts with any accents (Polish, Czech,
 * Turkish, Vietnamese…), Greek and Cyrillic. It has no CJK, Thai or Korean glyphs (ticket-pdf.ts
 * keeps such text in the PDF's text layer). The files are found through Node's resolution, as a
 * dependency's module would be: from node_modules in a checkout and inside app.asar in the
 * desktop app (electron-builder.yml ships these two faces of the package and its licence).
 */
const faceFiles = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export type FaceName = keyof typeof faceFiles;
export type TicketFonts = Record<FaceName, Font>;

let fonts: TicketFonts | undefined;

/**
 * Both faces, read and parsed once per process, on the first PDF. Handing pdfkit the file's bytes
 * instead makes it parse them again for every document, and the glyph, kerning and shaping tables
 * with them: measured, a 4-ticket PDF took twice the CPU (~65 ms against ~33 ms). A server that
 * sends no mail never reads them at all.
 */
export function ticketFonts(): TicketFonts {
  if (!fonts) {
    const resolve = createRequire(import.meta.url).resolve;
    const load = (file: string): Font => create(readFileSync(resolve(file)));
    fonts = { regular: load(faceFiles.regular), bold: load(faceFiles.bold) };
  }
  return fonts;
}
