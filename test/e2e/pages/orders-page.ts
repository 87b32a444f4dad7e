import { expect, type Locator, type Page } from '@playwright/test';

/** Orders: search, order detail and the refund, void and transfer dialogs. */
export class OrdersPage {
  constructor(private readonly page: Page) {}

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search orders' });
  }

  async search(q: string): Promise<void> {
    await this.searchBox().fill(q);
    await this.searchBox().press('Enter');
  }

  /** The orders listed (one row each), newest first. */
  listRows(): Locator {
    return this.page.locator('.orders-list tbody tr');
  }

  detail(): Locator {
    return this.page.locator('article.order-detail');
  }

  async open(orderId: string): Promise<void> {
    await this.page.getByRole('link', { name: orderId }).click();
    await expect(this.detail()).toContainText(orderId);
  }

  ticketRow(ticketId: string): Locator {
    return this.detail().locator(`tr[data-ticket="${ticketId}"]`);
  }

  /** A ticket's Holder cell: the holder's name and email, or why they are not shown. */
  holder(ticketId: string): Locator {
    return this.ticketRow(ticketId).locator('td').nth(2);
  }

  /** The order's tickets, once shown (they wait for their holders and tier names). */
  async ticketIds(): Promise<string[]> {
    await expect(this.detail().locator('tr[data-ticket]').first()).toBeVisible();
    return this.detail()
      .locator('tr[data-ticket]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ticket') ?? ''));
  }

  refunded(): Locator {
    return this.detail().getByTestId('refunded');
  }

  async refundPartial(amount: string): Promise<void> {
    await this.detail().getByRole('button', { name: 'Refund…' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();
  }

  async transfer(ticketId: string, toEmail: string, message: string): Promise<void> {
    await this.ticketRow(ticketId).getByRole('button', { name: 'Transfer…' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Recipient email').fill(toEmail);
    await dialog.getByLabel('Message (optional)').fill(message);
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Replace…: opens the dialog for a lost or shared ticket; the caller checks and confirms it. */
  async openReplace(ticketId: string): Promise<Locator> {
    await this.ticketRow(ticketId).getByRole('button', { name: 'Replace…' }).click();
    return this.page.getByRole('dialog');
  }

  async voidTicket(ticketId: string, refund: boolean): Promise<void> {
    await this.ticketRow(ticketId).getByRole('button', { name: 'Void…' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('checkbox').setChecked(refund);
    await dialog.getByRole('button', { name: 'Void ticket' }).click();
    await expect(dialog).toBeHidden();
  }

  note(): Locator {
    return this.detail().locator('.note');
  }

  /** The order's mails as the detail lists them, one line each. */
  mail(): Locator {
    return this.detail().getByRole('region', { name: 'Order mail' }).locator('li');
  }

  async reprint(ticketId: string): Promise<void> {
    await this.ticketRow(ticketId).getByRole('button', { name: 'Reprint' }).click();
  }

  /** Opens Email tickets… with `to` typed in (empty: the buyer), ready to send. */
  async openEmailTickets(to?: string): Promise<Locator> {
    await this.detail().getByRole('button', { name: 'Email tickets…' }).click();
    const dialog = this.page.getByRole('dialog');
    if (to) await dialog.getByRole('textbox').fill(to);
    return dialog;
  }

  /** Email tickets…: to the buyer, or to `to` this once. */
  async emailTickets(to?: string): Promise<void> {
    const dialog = await this.openEmailTickets(to);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Correct buyer…: opens the dialog, types what is given; the caller saves or cancels. */
  async openCorrectBuyer(fields: { name?: string; email?: string }): Promise<Locator> {
    await this.detail()
      .getByRole('button', { name: /^(Correct|Add) buyer…$/ })
      .click();
    const dialog = this.page.getByRole('dialog');
    if (fields.name !== undefined) await dialog.getByLabel('Name').fill(fields.name);
    if (fields.email !== undefined) await dialog.getByLabel('Email').fill(fields.email);
    return dialog;
  }
}
