import type { Font } from 'fontkit';
import { laysOut, skipNullAnchors } from './null-anchors.js';
import { textRuns } from './text-runs.js';
import { scriptFallbacks, ticketFonts, type FaceName, type FallbackFont } from './ticket-fonts.js';
import { isWinAnsi, isWinAnsiChar } from './win-ansi.js';

/**
 * The face a PDF sets its text in. Where every text of it is Windows-1252 (most English and Western
 * European orders), PDF's built-in Helvetica: nothing to embed, so the PDF stays small and quick to
 * make. Where any needs a letter DejaVu Sans has (Polish, Greek, Cyrillic, Hebrew…), DejaVu Sans,
 * embedded, for everything on it, so one ticket's page does not mix two Western typefaces. Text
 * neither has (Thai, Devanagari, Tamil, CJK…) is set in a script fallback (ticket-fonts.ts), per
 * piece of text.
 */
export type BaseFace = 'helvetica' | 'dejavu';

export function baseFaceFor(texts: readonly string[]): BaseFace {
  if (texts.every(isWinAnsi)) return 'helvetica';
  const dejavu = ticketFonts().regular;
  const needsDejavu = texts.some((text) =>
    [...text.normalize('NFC')].some(
      (char) => !isWinAnsiChar(char) && dejavu.hasGlyphForCodePoint(char.codePointAt(0)!),
    ),
  );
  return needsDejavu ? 'dejavu' : 'helvetica';
}

/** One font of a face's fallback chain, as a document registers and asks it. */
interface ChainFont {
  /** The name the document registers it under; the base face's is the face's own name. */
  id: string;
  covers: (char: string) => boolean;
  source: () => Font | string;
  /** Bold wanted of a font with none: its outlines are stroked too, in the text's colour. */
  heavier?: boolean;
}

/** Its layout patched only once a document uses it: a coverage check reads just the cmap. */
const embedded = (id: string, font: () => Font, only?: RegExp): ChainFont => ({
  id,
  covers: (char) => (!only || only.test(char)) && font().hasGlyphForCodePoint(char.codePointAt(0)!),
  source: () => skipNullAnchors(font()),
});

const fromFallback = (fallback: FallbackFont, face: FaceName): ChainFont => ({
  ...embedded(fallback.id, fallback.font, fallback.only),
  ...(face === 'bold' && fallback.regularOnly ? { heavier: true } : {}),
});

/**
 * The stroke that makes a regular face read as bold, in ems: each stem gains half of it on either
 * side (test/mail/ticket-pdf-scripts.test.ts measures the ink it adds to a CJK name).
 */
const heavierStroke = 0.04;

/**
 * Text whose glyphs do not read back as it was typed. In the scripts of South Asia, Khmer and
 * Myanmar letters are drawn in another order or joined: in "प्रिया" the vowel sign ि stands
 * before the conjunct प्र it follows. An emoji sequence is one glyph: a thumb with its skin tone,
 * a flag, a family. A PDF's glyphs read back (copied, searched, read aloud) in drawing order, each
 * as one character, so a line with any of these carries its text as typed (ActualText).
 */
const drawnUnlikeTyped =
  /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

function baseFont(base: BaseFace, face: FaceName): ChainFont {
  if (base === 'dejavu') return embedded(face, () => ticketFonts()[face]);
  return {
    id: face,
    covers: isWinAnsiChar,
    source: () => (face === 'bold' ? 'Helvetica-Bold' : 'Helvetica'),
  };
}

const chains = new Map<string, readonly ChainFont[]>();
const chainFor = (base: BaseFace, face: FaceName): readonly ChainFont[] => {
  const key = `${base}-${face}`;
  let chain = chains.get(key);
  if (!chain) {
    chain = [baseFont(base, face), ...scriptFallbacks[face].map((f) => fromFallback(f, face))];
    chains.set(key, chain);
  }
  return chain;
};

/** pdfkit's two registerFont() overloads: a standard font's name, or a font fontkit parsed. */
function register(doc: PDFKit.PDFDocument, font: ChainFont): void {
  const source = font.source();
  if (typeof source === 'string') doc.registerFont(font.id, source);
  else doc.registerFont(font.id, source);
}

/** Each document's base face and the fallbacks it has registered so far; dropped with the document. */
const documents = new WeakMap<PDFKit.PDFDocument, { base: BaseFace; registered: Set<string> }>();

/** Registers the base face's two weights as `regular` and `bold`, the names captions are set in. */
export function registerBaseFace(doc: PDFKit.PDFDocument, base: BaseFace): void {
  for (const face of ['regular', 'bold'] as const) register(doc, chainFor(base, face)[0]!);
  documents.set(doc, { base, registered: new Set(['regular', 'bold']) });
}

/** pdfkit's own state, which it keeps for underlines (stroked in the text's colour) too. */
interface PdfkitTextState {
  _fontSize: number;
  _fillColor?: [PDFKit.Mixins.ColorValue, number?];
}
const fontSize = (doc: PDFKit.PDFDocument): number => (doc as unknown as PdfkitTextState)._fontSize;

/** Outlines stroked `width` wide in the colour text is filled with, as pdfkit's underlines are. */
function strokeLikeFill(doc: PDFKit.PDFDocument, width: number): void {
  const fill = (doc as unknown as PdfkitTextState)._fillColor;
  doc.lineWidth(width).lineJoin('round');
  if (fill) doc.strokeColor(fill[0], fill[1]);
}

/** A fallback's parsed font, as the document registers it (only the base may be Helvetica). */
const parsedFont = (font: ChainFont): Font => font.source() as Font;

/**
 * Sets one line of text (composed) in the face, each piece in the first font of the chain with
 * all its glyphs, a fallback registered with the document the first time a piece needs it (so it
 * is embedded, as a subset, only in PDFs that use it). A right-to-left piece is handed to fontkit
 * whole (pdfkit's `features` option): without it, pdfkit shapes each word on its own and joins them
 * left to right, so "שרה כהן" printed as "כהןשרה" with the space lost at the line's edge. Where no
 * font has a glyph, or fontkit cannot lay a piece out, the page shows an empty box and the span
 * carries the text as written (ActualText): copying it, searching it and screen readers get the
 * name, as the mail's text does; so does a line drawn otherwise than typed (`drawnUnlikeTyped`).
 */
export function writeInFace(
  doc: PDFKit.PDFDocument,
  face: FaceName,
  text: string,
  options?: PDFKit.Mixins.TextOptions,
): PDFKit.PDFDocument {
  const state = documents.get(doc);
  if (!state) throw new Error('registerBaseFace() first');
  const chain = chainFor(state.base, face);
  const runs = textRuns(text, chain.length, (font, char) => chain[font]!.covers(char));
  if (runs.length === 1 && !runs[0]!.rtl && runs[0]!.font === 0) return doc.font(face).text(text, options);

  // A piece fontkit cannot lay out at all (null-anchors.ts) prints as boxes, like one no font has.
  const shown = runs.map((run) =>
    run.font > 0 && !laysOut(parsedFont(chain[run.font]!), run.text) ? -1 : run.font,
  );
  const lacksGlyphs = shown.some((font) => font < 0);
  const typedText = lacksGlyphs || drawnUnlikeTyped.test(text);
  if (typedText) doc.markContent('Span', { actual: text });
  runs.forEach((run, i) => {
    // Helvetica has no empty box to show: the first embedded font of the chain shows it.
    const font = chain[shown[i]! >= 0 ? shown[i]! : state.base === 'helvetica' ? 1 : 0]!;
    if (!state.registered.has(font.id)) {
      register(doc, font);
      state.registered.add(font.id);
    }
    const last = i === runs.length - 1;
    if (font.heavier) strokeLikeFill(doc.save(), heavierStroke * fontSize(doc));
    doc.font(font.id).text(run.text, {
      ...options,
      continued: last ? (options?.continued ?? false) : true,
      ...(run.rtl ? { features: [] } : {}),
      ...(font.heavier ? { fill: true, stroke: true } : {}),
    });
    if (font.heavier) doc.restore();
  });
  return typedText ? doc.endMarkedContent() : doc;
}
