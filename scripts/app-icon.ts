/**
 * The app icon, drawn in code so it can be regenerated and checked (`npm run icons` writes
 * resources/; test/unit/scripts/app-icon.test.ts compares): a crimson tile ringed with marquee
 * bulbs and a ticket with an M. Every size is rendered from the shapes, 4×4 samples a pixel, with
 * plain arithmetic only (no Math.hypot or trigonometry), so any Node draws the same pixels.
 *
 * The .ico (Windows, NSIS) and .icns (macOS, dmg) are written here too: electron-builder can
 * convert a PNG itself, but only with an icons toolset it downloads at build time.
 */
import { PNG } from 'pngjs';

type Colour = readonly [number, number, number];

const tileTop: Colour = [196, 32, 64];
const tileBottom: Colour = [112, 12, 36];
const bulb: Colour = [255, 214, 102];
const ticket: Colour = [255, 243, 214];
const letter: Colour = [156, 21, 48];

const tile = { min: 0.09, max: 0.91, radius: 0.18 };
const bulbRing = { min: 0.17, max: 0.83, count: 8, radius: 0.027, glow: 0.05 };
const ticketBox = { left: 0.27, right: 0.73, top: 0.33, bottom: 0.67, notch: 0.055 };
/** An M as one polygon, in the same unit square. */
const letterM: readonly (readonly [number, number])[] = [
  [0.35, 0.61],
  [0.35, 0.39],
  [0.405, 0.39],
  [0.5, 0.515],
  [0.595, 0.39],
  [0.65, 0.39],
  [0.65, 0.61],
  [0.6, 0.61],
  [0.6, 0.47],
  [0.5, 0.59],
  [0.4, 0.47],
  [0.4, 0.61],
];

const distance = (x: number, y: number): number => Math.sqrt(x * x + y * y);

function inRoundedSquare(x: number, y: number, min: number, max: number, radius: number): boolean {
  if (x < min || x > max || y < min || y > max) return false;
  const cx = Math.min(Math.max(x, min + radius), max - radius);
  const cy = Math.min(Math.max(y, min + radius), max - radius);
  return distance(x - cx, y - cy) <= radius;
}

const bulbCentres: readonly (readonly [number, number])[] = (() => {
  const { min, max, count } = bulbRing;
  const steps = Array.from({ length: count }, (_, i) => min + ((max - min) * i) / (count - 1));
  const centres: [number, number][] = [];
  for (const t of steps) centres.push([t, min], [t, max]);
  for (const t of steps.slice(1, -1)) centres.push([min, t], [max, t]);
  return centres;
})();

function nearestBulb(x: number, y: number): number {
  let nearest = Infinity;
  for (const [bx, by] of bulbCentres) nearest = Math.min(nearest, distance(x - bx, y - by));
  return nearest;
}

function inTicket(x: number, y: number): boolean {
  const { left, right, top, bottom, notch } = ticketBox;
  if (x < left || x > right || y < top || y > bottom) return false;
  const middle = (top + bottom) / 2;
  return distance(x - left, y - middle) > notch && distance(x - right, y - middle) > notch;
}

function inPolygon(x: number, y: number, points: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Premultiplied RGBA of one sample point: the tile, bulb glow, bulbs, ticket and letter, in order. */
function sample(x: number, y: number): [number, number, number, number] {
  if (!inRoundedSquare(x, y, tile.min, tile.max, tile.radius)) return [0, 0, 0, 0];
  const t = (y - tile.min) / (tile.max - tile.min);
  let colour: [number, number, number] = [0, 1, 2].map(
    (c) => tileTop[c]! + (tileBottom[c]! - tileTop[c]!) * t,
  ) as [number, number, number];
  const over = (top: Colour, alpha: number): void => {
    colour = [0, 1, 2].map((c) => top[c]! * alpha + colour[c]! * (1 - alpha)) as [number, number, number];
  };
  const toBulb = nearestBulb(x, y);
  if (toBulb <= bulbRing.radius) over(bulb, 1);
  else if (toBulb <= bulbRing.glow)
    over(bulb, (0.35 * (bulbRing.glow - toBulb)) / (bulbRing.glow - bulbRing.radius));
  if (inTicket(x, y)) over(inPolygon(x, y, letterM) ? letter : ticket, 1);
  return [colour[0], colour[1], colour[2], 1];
}

const samplesPerSide = 4;

/** The icon as straight RGBA, `size` pixels square. */
export function renderIcon(size: number): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  const n = samplesPerSide;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy += 1) {
        for (let sx = 0; sx < n; sx += 1) {
          const [r, g, b, a] = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      }
      const alpha = sum[3]!;
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) rgba[at + c] = alpha === 0 ? 0 : Math.round(sum[c]! / alpha);
      rgba[at + 3] = Math.round((alpha / (n * n)) * 255);
    }
  }
  return rgba;
}

export function encodePng(size: number, rgba: Buffer): Buffer {
  const png = new PNG({ width: size, height: size });
  rgba.copy(png.data);
  return PNG.sync.write(png, { deflateLevel: 9 });
}

/** A Windows .ico holding PNG images (Vista and later read them at every size). */
export function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

/** macOS icon types that hold a PNG, and the pixel size each expects (the @2x ones are ic11–ic14). */
export const icnsTypes = {
  icp4: 16,
  icp5: 32,
  ic11: 32,
  ic12: 64,
  ic07: 128,
  ic13: 256,
  ic08: 256,
  ic14: 512,
  ic09: 512,
  ic10: 1024,
} as const;

export function encodeIcns(pngOfSize: (size: number) => Buffer): Buffer {
  const chunks = Object.entries(icnsTypes).map(([type, size]) => {
    const png = pngOfSize(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((total, chunk) => total + chunk.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

/** Linux icon theme sizes (resources/icons/<n>x<n>.png) and the .ico's sizes. */
export const linuxIconSizes = [16, 32, 48, 64, 128, 256, 512] as const;
export const icoSizes = [16, 24, 32, 48, 64, 128, 256] as const;
