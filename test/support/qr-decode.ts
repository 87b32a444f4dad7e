import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** Reads a PNG the way a door camera would see it and returns the text of its QR code. */
export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error(`no QR code found in a ${image.width}×${image.height} PNG`);
  return code.data;
}
