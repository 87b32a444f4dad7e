import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));

/** Saves what the screen shows now as test-results/screenshots/<name>.png (the README picks from these). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // Let fonts, QR images and the last state change settle before the picture.
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.screenshot({
    path: join(dir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}
