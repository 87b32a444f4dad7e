import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  constructor(private readonly page: Page) {}

  venueName(): Locator {
    return this.page.getByLabel('Venue name');
  }

  async renameVenue(name: string): Promise<void> {
    await this.venueName().fill(name);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.page.getByText('Saved.')).toBeVisible();
  }

  async createKey(name: string, scope: 'box_office' | 'scanner' | 'admin'): Promise<string> {
    const panel = this.page.getByRole('region', { name: 'API keys' });
    await panel.getByLabel('Name').fill(name);
    await panel.getByLabel('Scope').selectOption(scope);
    await panel.getByRole('button', { name: 'Create key' }).click();
    const secret = this.page.getByTestId('new-secret');
    await expect(secret).toContainText('sk_live_');
    return (await secret.textContent()) ?? '';
  }

  async showPairingQr(): Promise<void> {
    await this.page.getByRole('button', { name: 'Show pairing QR' }).click();
  }
}
