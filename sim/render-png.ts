/**
 * PNG copies of the report's charts for docs: the HTML report opened in headless Chromium
 * (playwright-core driving the system browser, nothing downloaded) and each chart's <figure>
 * screenshotted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.MARQUEE_CHROMIUM ?? '/usr/bin/chromium';

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Writes `<id>.png` beside the report for every `figure[data-chart]`; returns the files written. */
export async function renderChartPngs(htmlFile: string, outDir: string): Promise<string[]> {
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (set MARQUEE_CHROMIUM)`);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 2 });
    await page.goto(pathToFileURL(htmlFile).href);
    const written: string[] = [];
    for (const figure of await page.locator('figure[data-chart]').all()) {
      const id = await figure.getAttribute('data-chart');
      if (!id) continue;
      const file = join(outDir, `${id}.png`);
      await figure.locator('svg').screenshot({ path: file });
      written.push(file);
    }
    return written;
  } finally {
    await browser.close();
  }
}
