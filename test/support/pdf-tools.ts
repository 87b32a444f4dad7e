import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeQrPng } from './qr-decode.js';

/**
 * Reads PDFs with poppler (Debian's poppler-utils: pdftotext, pdftoppm, pdffonts), a reader that shares no
 * code with the pdfkit that wrote them. Fails loudly, saying what to install, when it is missing.
 */
function poppler(tool: 'pdftotext' | 'pdftoppm' | 'pdffonts', args: string[], input?: Buffer): Buffer {
  try {
    return execFileSync(tool, args, { input, timeout: 20_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is missing: install poppler-utils (Debian: apt-get install poppler-utils)`);
    }
    throw err;
  }
}

/** The PDF's text, one string per page (pdftotext separates pages with form feeds). */
export function pdfPages(pdf: Buffer): string[] {
  const text = poppler('pdftotext', ['-layout', '-', '-'], pdf).toString('utf8');
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** A word as placed on the page: its glyphs' text read left to right, and its box (points). */
export interface PdfWord {
  text: string;
  x: number;
  y: number;
  right: number;
  bottom: number;
}

/**
 * Each page's words in the order their glyphs stand on the page, left to right (pdftotext -bbox,
 * which does not reorder right-to-left text): what the printout shows, not what copying gives.
 */
export function pdfWords(pdf: Buffer): PdfWord[][] {
  const xml = poppler('pdftotext', ['-bbox', '-', '-'], pdf).toString('utf8');
  return xml
    .split('</page>')
    .slice(0, -1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({
        text: m[5]!,
        x: Number(m[1]),
        y: Number(m[2]),
        right: Number(m[3]),
        bottom: Number(m[4]),
      })),
    );
}

export interface PdfFont {
  /** As the PDF names it; an embedded subset's name starts with a six-letter tag and "+". */
  name: string;
  embedded: boolean;
  subset: boolean;
  /** Whether it maps its glyphs back to Unicode (what copying and text extraction read). */
  unicode: boolean;
}

/** The fonts the PDF's pages use, as pdffonts lists them. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const lines = poppler('pdffonts', ['-'], pdf).toString('utf8').trim().split('\n').slice(2);
  return lines.map((line) => {
    // The name is the first column; emb, sub and uni are the yes/no columns before the object id.
    const [emb, sub, uni] = line.trim().split(/\s+/).slice(-5, -2);
    return {
      name: line.split(/\s+/)[0]!,
      embedded: emb === 'yes',
      subset: sub === 'yes',
      unicode: uni === 'yes',
    };
  });
}

/** The PDF's pages rendered by pdftoppm with `options`, as the image files it writes, in page order. */
function renderedPages(pdf: Buffer, options: string[]): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-pdf-'));
  try {
    const file = join(dir, 'tickets.pdf');
    writeFileSync(file, pdf);
    poppler('pdftoppm', [...options, file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name !== 'tickets.pdf')
      .sort()
      .map((name) => readFileSync(join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page rendered at 150 dpi, as a phone camera would see a printout, and its QR decoded. */
export function pdfQrCodes(pdf: Buffer): string[] {
  return renderedPages(pdf, ['-r', '150', '-png']).map(decodeQrPng);
}

/**
 * How much of a word's box is ink once printed (rendered in grey at 300 dpi): the share of pixels
 * darker than mid-grey. Telling a bold line from a regular one needs no more than that.
 */
export function pdfInk(pdf: Buffer, page: number, word: PdfWord): number {
  const px = (pt: number) => Math.round((pt * 300) / 72);
  const [x, y] = [px(word.x), px(word.y)];
  const box = ['-x', `${x}`, '-y', `${y}`, '-W', `${px(word.right) - x}`, '-H', `${px(word.bottom) - y}`];
  const [pgm] = renderedPages(pdf, ['-gray', '-r', '300', '-f', `${page}`, '-l', `${page}`, ...box]);
  // Binary PGM: "P5", width, height, maximum value, one whitespace, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm!.toString('latin1', 0, 40))!;
  const pixels = pgm!.subarray(header[0].length);
  return pixels.filter((value) => value < 128).length / pixels.length;
}
