import type { Locator, Page } from '@playwright/test';

/** The Audit screen: the trail as sentences, and its filters. */
export class AuditPage {
  constructor(private readonly page: Page) {}

  rows(): Locator {
    return this.page.getByRole('list', { name: 'Audit trail' }).getByRole('listitem');
  }

  async filterByPerson(label: string): Promise<void> {
    await this.page.getByLabel('Person').selectOption({ label });
    await this.page.getByRole('button', { name: 'Show' }).click();
  }
}
