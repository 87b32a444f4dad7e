import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { trayIconColors, trayIconPng } from '../../../src/main/tray-icon.js';

describe('trayIconPng', () => {
  it.each(['ok', 'warning', 'down'] as const)(
    'is a valid %s PNG: a disc in its colour on transparency',
    (level) => {
      const png = PNG.sync.read(trayIconPng(level, 32));
      expect([png.width, png.height]).toEqual([32, 32]);
      const pixel = (x: number, y: number) =>
        Array.from(png.data.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 4));
      expect(pixel(16, 16)).toEqual([...trayIconColors[level], 255]);
      expect(pixel(0, 0)[3]).toBe(0);
      expect(pixel(31, 31)[3]).toBe(0);
    },
  );

  it('draws any size asked for', () => {
    const png = PNG.sync.read(trayIconPng('ok', 16));
    expect([png.width, png.height]).toEqual([16, 16]);
  });
});
