import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeQrPng } from './qr-decode.js';

/**
 * Reads PDFs with poppler (Debian's poppler-utils: pdftotext, pdftoppm), a reader that shares no
 * code with the pdfkit that wrote them. Fails loudly, saying what to install, when it is missing.
 */
function poppler(tool: 'pdftotext' | 'pdftoppm', args: string[], input?: Buffer): Buffer {
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

/** Each page rendered at 150 dpi, as a phone camera would see a printout, and its QR decoded. */
export function pdfQrCodes(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-pdf-'));
  try {
    const file = join(dir, 'tickets.pdf');
    writeFileSync(file, pdf);
    poppler('pdftoppm', ['-r', '150', '-png', file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => decodeQrPng(readFileSync(join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
