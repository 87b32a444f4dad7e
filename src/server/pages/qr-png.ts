import QRCode from 'qrcode';

/**
 * The codes drawn last, by text. Drawing one takes ~20 ms of CPU, and a wallet hands out the
 * same token for a minute, so without this one phone asking for its `qr.png` at the rate limit
 * (100 a second) kept more than a core busy; with it, only a new token costs a drawing. Bounded:
 * the oldest drawing goes first (a few KB each).
 */
const drawn = new Map<string, Promise<Buffer>>();
export const qrPngCacheSize = 512;

/**
 * A ticket token as a PNG QR code. Error correction M survives a scuffed phone screen while
 * keeping the ~400-character token at a size door cameras read at arm's length; the 4-module
 * quiet zone is what the QR standard asks for.
 */
export function qrPng(text: string): Promise<Buffer> {
  const known = drawn.get(text);
  if (known) {
    // Asked again: now the newest, so a busy wallet's code stays while others come and go.
    drawn.delete(text);
    drawn.set(text, known);
    return known;
  }
  const png = QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  drawn.set(text, png);
  // A failed drawing is not kept: the next request tries again.
  png.catch(() => drawn.delete(text));
  if (drawn.size > qrPngCacheSize) drawn.delete(drawn.keys().next().value as string);
  return png;
}
