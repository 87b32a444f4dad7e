import { expect, type Locator, type Page } from '@playwright/test';

/** Sell: tier tiles, the sale panel and the done screen. */
export class SellPage {
  constructor(private readonly page: Page) {}

  tile(name: string): Locator {
    return this.page.locator(`button.tile[data-tier="${name}"]`);
  }

  async pickTier(name: string): Promise<void> {
    await this.tile(name).click();
    await expect(this.quantity()).toBeFocused();
  }

  quantity(): Locator {
    return this.page.getByLabel('Quantity');
  }

  /** Types the quantity the way a seller does: digits, then Enter. */
  async enterQuantity(n: number): Promise<void> {
    await this.quantity().press('Escape');
    await this.quantity().pressSequentially(String(n));
    await this.quantity().press('Enter');
  }

  async payCash(tendered: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'Cash' }).check();
    await this.page.getByLabel('Cash tendered').fill(tendered);
  }

  changeDue(): Locator {
    return this.page.getByTestId('change-due');
  }

  total(): Locator {
    return this.page.getByTestId('sale-total');
  }

  async complete(): Promise<void> {
    await this.page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(this.page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  }

  doneChange(): Locator {
    return this.page.getByTestId('done-change');
  }

  async orderId(): Promise<string> {
    return (await this.page.getByTestId('order-id').textContent()) ?? '';
  }

  /** The done screen's wallet link QRs, one per ticket, for the buyer's phone. */
  ticketQrs(): Locator {
    return this.page.locator('.ticket-card img.qr');
  }

  /** The optional address a cash or comp sale's tickets are emailed to. */
  async emailTo(address: string): Promise<void> {
    await this.page.getByLabel('Email the tickets to (optional)').fill(address);
  }

  async newSale(): Promise<void> {
    await this.page.getByRole('button', { name: /^New sale/ }).click();
  }
}
