import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsShots = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));
const shotsDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));

/** Copies a screenshot taken with snap() into docs/screenshots, for docs/ui.md. */
export function keepScreenshot(name: string): void {
  mkdirSync(docsShots, { recursive: true });
  copyFileSync(join(shotsDir, `${name}.png`), join(docsShots, `${name}.png`));
}
