import QRCode from 'qrcode';

/**
 * A ticket token as a PNG QR code. Error correction M survives a scuffed phone screen while
 * keeping the ~400-character token at a size door cameras read at arm's length; the 4-module
 * quiet zone is what the QR standard asks for.
 */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}
