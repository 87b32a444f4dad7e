import { expect, type Locator, type Page } from '@playwright/test';

/** The webhook queue view (`/webhooks`). */
export class WebhooksPage {
  constructor(private readonly page: Page) {}

  figure(name: 'online' | 'queued' | 'failing' | 'failed' | 'oldest'): Locator {
    return this.page.getByTestId(`queue-${name}`);
  }

  endpointRow(url: string): Locator {
    return this.page.locator(`.endpoints-table tr[data-endpoint="${url}"]`);
  }

  deliveryRows(): Locator {
    return this.page.locator('.deliveries-table tbody tr');
  }

  secret(): Locator {
    return this.page.getByTestId('webhook-secret');
  }

  /** Adds an endpoint through the dialog; `kinds` unticks "every kind" and ticks these instead. */
  async addEndpoint(url: string, description: string, kinds: readonly string[] | '*'): Promise<string> {
    await this.page.getByRole('button', { name: 'Add endpoint…' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Receiver URL').fill(url);
    await dialog.getByLabel('Description').fill(description);
    if (kinds !== '*') {
      await dialog.getByRole('checkbox', { name: /Every kind/ }).uncheck();
      for (const kind of kinds) await dialog.getByRole('checkbox', { name: kind, exact: true }).check();
    }
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.secret()).toContainText('whsec_');
    return (await this.secret().textContent()) ?? '';
  }

  async endpointAction(url: string, name: string | RegExp): Promise<void> {
    await this.endpointRow(url).getByRole('button', { name }).click();
  }

  async dismissSecret(): Promise<void> {
    await this.page.getByRole('button', { name: 'I have saved it' }).click();
  }
}
