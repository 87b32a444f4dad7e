/**
 * `npm run icons`: writes the app icon into resources/ for electron-builder (electron-builder.yml):
 * icon.png (1024 px, the master), icon.icns (macOS), icon.ico (Windows) and icons/<n>x<n>.png (the
 * Linux set, 16–512 px). Drawn by scripts/app-icon.ts; the files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeIcns, encodeIco, encodePng, icoSizes, linuxIconSizes, renderIcon } from './app-icon.js';

export const resourcesDir = fileURLToPath(new URL('../resources', import.meta.url));

const pngs = new Map<number, Buffer>();
function pngOfSize(size: number): Buffer {
  let png = pngs.get(size);
  if (!png) pngs.set(size, (png = encodePng(size, renderIcon(size))));
  return png;
}

mkdirSync(join(resourcesDir, 'icons'), { recursive: true });
writeFileSync(join(resourcesDir, 'icon.png'), pngOfSize(1024));
for (const size of linuxIconSizes)
  writeFileSync(join(resourcesDir, 'icons', `${size}x${size}.png`), pngOfSize(size));
writeFileSync(
  join(resourcesDir, 'icon.ico'),
  encodeIco(icoSizes.map((size) => ({ size, png: pngOfSize(size) }))),
);
writeFileSync(join(resourcesDir, 'icon.icns'), encodeIcns(pngOfSize));
console.log(
  `wrote icon.png, icon.icns, icon.ico and icons/ (${linuxIconSizes.join(', ')} px) to ${resourcesDir}`,
);
