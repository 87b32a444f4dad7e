import type { Locator, Page } from '@playwright/test';

/** "Check in a guest" on an event's page at the box office: find, pick, say why, admit. */
export class GuestCheckInPage {
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Check in a guest' });
  }

  async open(eventId: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: 'Events & tiers' })
      .click();
    await this.page.locator(`a[href="/events/${eventId}"]`).first().click();
    await this.panel.waitFor();
  }

  search(): Locator {
    return this.panel.getByLabel('Guest name or order id');
  }

  matches(): Locator {
    return this.panel.getByRole('list', { name: 'Guests found' }).getByRole('button');
  }

  /** Types part of a name, picks the guest, gives a quick reason and admits. */
  async admit(query: string, name: string, reason: string): Promise<void> {
    await this.search().fill(query);
    await this.matches()
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .click();
    const form = this.panel.getByRole('form', { name: 'Admit by hand' });
    await form.getByRole('button', { name: reason, exact: true }).click();
    await form.getByRole('button', { name: 'Admit', exact: true }).click();
  }

  admitted(): Locator {
    return this.panel.locator('[data-result="admitted"]');
  }

  refused(): Locator {
    return this.panel.locator('[data-result="rejected"]');
  }
}
