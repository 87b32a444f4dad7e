import { deflateSync } from 'node:zlib';
import type { TrayLevel } from './tray-status.js';

/**
 * The tray icon, drawn in code as a PNG: a filled disc whose colour is the till's state, so the
 * app needs no image files to find at run time (electron-vite bundles main into one file).
 */
export const trayIconColors: Record<TrayLevel, readonly [number, number, number]> = {
  ok: [46, 184, 92],
  warning: [240, 170, 30],
  down: [220, 50, 50],
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG `size` pixels square: the disc in the level's colour on a transparent ground. */
export function trayIconPng(level: TrayLevel, size = 32): Buffer {
  const [r, g, b] = trayIconColors[level];
  const centre = (size - 1) / 2;
  const radius = size / 2 - 1;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4); // leading 0: filter "none"
    for (let x = 0; x < size; x += 1) {
      // One pixel of soft edge so the disc is not jagged at tray sizes.
      const alpha = Math.max(0, Math.min(1, radius + 0.5 - Math.hypot(x - centre, y - centre)));
      row.set([r, g, b, Math.round(alpha * 255)], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
