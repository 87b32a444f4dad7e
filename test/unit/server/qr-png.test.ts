import { describe, expect, it } from 'vitest';
import { qrPng, qrPngCacheSize } from '../../../src/server/pages/qr-png.js';
import { decodeQrPng } from '../../support/qr-decode.js';

describe('qrPng', () => {
  it('draws the text as a QR code that decodes back to it', async () => {
    const png = await qrPng('eyJhbGciOiJFZERTQSJ9.payload.signature');
    expect(decodeQrPng(png)).toBe('eyJhbGciOiJFZERTQSJ9.payload.signature');
  });

  it('draws a text asked for again only once (a wallet asks for the same token all minute)', async () => {
    const first = await qrPng('token-asked-twice');
    const again = await qrPng('token-asked-twice');
    expect(again).toBe(first);
  });

  it('keeps a bounded number of drawings, dropping the least recently asked for', async () => {
    const kept = await qrPng('asked-for-all-along');
    const dropped = await qrPng('asked-for-once');
    for (let i = 0; i < qrPngCacheSize; i++) {
      await qrPng(`filler-${i}`);
      if (i % 100 === 0) await qrPng('asked-for-all-along');
    }
    expect(await qrPng('asked-for-all-along')).toBe(kept);
    const redrawn = await qrPng('asked-for-once');
    expect(redrawn).not.toBe(dropped);
    expect(redrawn.equals(dropped)).toBe(true);
  });
});
