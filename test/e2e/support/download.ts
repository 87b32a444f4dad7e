import { readFileSync } from 'node:fs';
import { expect, type Locator } from '@playwright/test';

/** Presses a download button and answers the saved file's suggested name and text. */
export async function downloadFrom(button: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  const path = await download.path();
  expect(path).toBeTruthy();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}
