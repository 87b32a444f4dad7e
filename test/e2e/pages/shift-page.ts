import { expect, type Locator, type Page } from '@playwright/test';
import { downloadFrom } from '../support/download.js';

/** The Shift screen: open with a float, X report, blind close, Z report. */
export class ShiftPage {
  constructor(private readonly page: Page) {}

  async open(float: string): Promise<void> {
    await this.page.getByLabel('Float in the drawer').fill(float);
    await this.page.getByRole('button', { name: 'Open shift' }).click();
    await expect(this.page.getByRole('heading', { name: /^Shift open/ })).toBeVisible();
  }

  /** Counts the drawer: the expected cash must not be on screen until the shift is closed. */
  async closeWithCount(counted: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Close shift…' }).click();
    await expect(this.page.getByText('Expected cash')).toHaveCount(0);
    await this.page.getByLabel('Cash counted in the drawer').fill(counted);
    await this.page.getByRole('button', { name: 'Next' }).click();
    await expect(this.page.getByText('Expected cash')).toHaveCount(0);
    await this.page.getByRole('button', { name: 'Close shift', exact: true }).click();
    await expect(this.zReport()).toBeVisible();
  }

  zReport(): Locator {
    return this.page.getByRole('region', { name: /^Z report/ });
  }

  /** Presses the Z report's Download CSV and answers the saved file's name and text. */
  async downloadZCsv(): Promise<{ name: string; text: string }> {
    return downloadFrom(this.zReport().getByRole('button', { name: 'Download CSV' }));
  }

  /** A figure of a report by its label ("Expected cash", "Over/short", …). */
  figure(report: Locator, label: string): Locator {
    return report.getByTestId(`figure-${label}`);
  }
}
