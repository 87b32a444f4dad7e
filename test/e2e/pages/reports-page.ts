import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The Reports screen: tonight's figures for one event, and its CSV downloads. */
export class ReportsPage {
  constructor(private readonly page: Page) {}

  figure(label: string): Locator {
    return this.page.getByTestId(`figure-${label}`);
  }

  table(title: string): Locator {
    return this.page.getByRole('table', { name: title });
  }

  /** Presses a CSV button and answers the saved file's name and text. */
  async downloadCsv(what: 'Orders' | 'Attendees' | 'Scans'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `${what} CSV` }).click(),
    ]);
    const path = await download.path();
    expect(path).toBeTruthy();
    return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
  }
}
