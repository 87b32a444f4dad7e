import { expect, type Locator, type Page } from '@playwright/test';

export interface TierFields {
  name?: string;
  price?: string;
  quantity?: string;
  visibility?: 'public' | 'unlisted' | 'access_code';
  accessCode?: string;
  saleStarts?: string;
  saleEnds?: string;
  maxPerOrder?: string;
  /** "Printed tickets get in too" (the tier's paper_pass); false: phone only. */
  paperPass?: boolean;
}

const labels = {
  name: 'Name',
  quantity: 'Quantity',
  accessCode: 'Access code',
  saleStarts: 'Sale starts',
  saleEnds: 'Sale ends',
  maxPerOrder: 'Max per order',
} as const;

/** The tier editor dialog. */
export class TierEditor {
  readonly dialog: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: false }).first();
  }

  async fill(fields: TierFields): Promise<void> {
    await expect(this.dialog).toBeVisible();
    if (fields.visibility) await this.dialog.getByLabel('Visibility').selectOption(fields.visibility);
    if (fields.price !== undefined) await this.dialog.getByLabel(/^Price/).fill(fields.price);
    if (fields.paperPass !== undefined)
      await this.dialog.getByLabel('Printed tickets get in too').setChecked(fields.paperPass);
    for (const key of Object.keys(labels) as (keyof typeof labels)[]) {
      const value = fields[key];
      if (value !== undefined) await this.dialog.getByLabel(labels[key], { exact: true }).fill(value);
    }
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^(Add|Save) tier$/ }).click();
  }

  /** The message shown under the field with this label, if any. */
  errorOf(label: string): Locator {
    return this.dialog
      .locator('.field', { has: this.dialog.page().getByLabel(label, { exact: true }) })
      .locator('.field-error');
  }

  async cancelWithEscape(): Promise<void> {
    await this.dialog.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
