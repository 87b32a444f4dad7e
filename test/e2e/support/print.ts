import { expect, type Locator, type Page } from '@playwright/test';
import { decodeQrPng } from '../../support/qr-decode.js';

/**
 * Counts window.print() calls instead of opening the browser's print dialog (which headless
 * Chromium cannot show); what would print is then looked at with the print media emulated.
 */
export async function catchPrints(page: Page): Promise<void> {
  // A string, as it runs in the page (this file is type-checked for Node, without the DOM).
  await page.addInitScript('window.__prints = 0; window.print = () => { window.__prints += 1; };');
}

export const printsSoFar = (page: Page): Promise<number> => page.evaluate<number>('window.__prints');

/** The printed slips, as the receipt printer would get them (print CSS on). */
export async function printedSlips(page: Page): Promise<Locator> {
  await page.emulateMedia({ media: 'print' });
  return page.locator('.print-ticket');
}

/** A slip's QR read off a screenshot of the printed layout, as a door camera reads the paper. */
export async function slipCode(slip: Locator): Promise<string> {
  await expect(slip.locator('img.print-qr')).toBeVisible();
  return decodeQrPng(await slip.screenshot());
}
