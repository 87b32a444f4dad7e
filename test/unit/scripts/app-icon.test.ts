import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { icnsTypes, icoSizes, linuxIconSizes, renderIcon } from '../../../scripts/app-icon.js';

const resources = fileURLToPath(new URL('../../../resources', import.meta.url));
const read = (file: string): Buffer => readFileSync(join(resources, file));
const decode = (png: Buffer): PNG => PNG.sync.read(png);

describe('the app icons in resources/', () => {
  it('are what `npm run icons` draws (the 256 px one, pixel for pixel)', () => {
    const committed = decode(read('icons/256x256.png'));
    expect(committed.data.equals(renderIcon(256))).toBe(true);
  });

  it('include a 1024 px master and the Linux set, each the size its name says', () => {
    expect(decode(read('icon.png'))).toMatchObject({ width: 1024, height: 1024 });
    for (const size of linuxIconSizes) {
      expect(decode(read(`icons/${size}x${size}.png`)), String(size)).toMatchObject({
        width: size,
        height: size,
      });
    }
  });

  it('include a Windows .ico whose directory matches the PNG images it holds, up to 256 px', () => {
    const ico = read('icon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, icoSizes.length]);
    const sizes = icoSizes.map((_, i) => {
      const entry = 6 + i * 16;
      const size = ico.readUInt8(entry) || 256;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      expect(decode(png), String(size)).toMatchObject({ width: size, height: size });
      return size;
    });
    expect(sizes).toEqual([...icoSizes]);
  });

  it('include a macOS .icns whose chunks are PNGs of the size each type stands for, up to 1024 px', () => {
    const icns = read('icon.icns');
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const seen: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      const type = icns.toString('ascii', at, at + 4) as keyof typeof icnsTypes;
      const size = icnsTypes[type];
      const png = decode(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4)));
      expect(png, type).toMatchObject({ width: size, height: size });
      seen.push(type);
    }
    expect(seen).toEqual(Object.keys(icnsTypes));
  });
});
