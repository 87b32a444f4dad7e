import type { Locator, Page } from '@playwright/test';
import { downloadFrom } from '../support/download.js';

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
    return downloadFrom(this.page.getByRole('button', { name: `${what} CSV` }));
  }
}
