import type { Locator, Page } from '@playwright/test';

/** The scan monitor (`/monitor`): what a supervisor reads off it. */
export class MonitorPage {
  constructor(private readonly page: Page) {}

  feedStatus(): Locator {
    return this.page.locator('.feed-status');
  }

  insideCount(): Locator {
    return this.page.getByTestId('inside-count');
  }

  /** "phone · paper · manual" admissions. */
  admittedBy(): Locator {
    return this.page.getByTestId('admitted-by-credential');
  }

  capacityBanner(): Locator {
    return this.page.getByTestId('capacity-banner');
  }

  admittedLastHour(): Locator {
    return this.page.getByTestId('admitted-hour');
  }

  rejectedLastHour(): Locator {
    return this.page.getByTestId('rejected-hour');
  }

  /** "phone · paper": admissions by the credential shown. */
  admittedByCredential(): Locator {
    return this.page.getByTestId('admitted-by-credential');
  }

  chart(): Locator {
    return this.page.getByRole('img', { name: /^Admissions per minute/ });
  }

  /** A row of the latest-scans table, by scan id. */
  scanRow(scanId: string): Locator {
    return this.page.locator(`tr[data-scan="${scanId}"]`);
  }

  latestRows(): Locator {
    return this.page.locator('.scans-table tbody tr');
  }

  door(name: string): Locator {
    return this.page.locator(`.doors-table tr[data-door="${name}"]`);
  }

  alarm(): Locator {
    return this.page.getByRole('alert', { name: 'Alerts' });
  }

  alert(kind: 'conflict' | 'rejections'): Locator {
    return this.alarm().locator(`[data-alert="${kind}"]`);
  }

  soundControl(): Locator {
    return this.page.locator('.sound-state');
  }

  async enableSound(): Promise<void> {
    const button = this.page.getByRole('button', { name: /Enable alarm sound/ });
    if (await button.isVisible()) await button.click();
  }

  async chooseEvent(label: string): Promise<void> {
    await this.page.getByLabel('Event').selectOption({ label });
  }

  async acknowledgeAll(): Promise<void> {
    const all = this.page.getByRole('button', { name: 'Acknowledge all' });
    if (await all.isVisible()) await all.click();
    else await this.alarm().getByRole('button', { name: 'Acknowledge' }).click();
  }
}
