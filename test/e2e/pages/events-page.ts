import { expect, type Locator, type Page } from '@playwright/test';
import { TierEditor, type TierFields } from './tier-editor.js';

export interface NewEvent {
  title: string;
  venue: string;
  /** datetime-local text, e.g. 2026-12-24T19:00 */
  doors: string;
}

/** Events & tiers: the list, an event's page, and its tiers table. */
export class EventsPage {
  readonly editor: TierEditor;

  constructor(private readonly page: Page) {
    this.editor = new TierEditor(page);
  }

  async createEvent(event: NewEvent): Promise<string> {
    await this.page.getByRole('link', { name: 'New event' }).click();
    const form = this.page.getByRole('form', { name: 'Event' });
    await form.getByLabel('Title').fill(event.title);
    await form.getByLabel('Venue').fill(event.venue);
    await form.getByLabel('Doors open').fill(event.doors);
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(event.title);
    const match = /\/events\/(evt_[A-Za-z0-9]+)/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`not on an event page: ${this.page.url()}`);
    return match[1];
  }

  async addTier(fields: TierFields): Promise<void> {
    await this.page.getByRole('button', { name: 'Add tier' }).click();
    await this.editor.fill(fields);
    await this.editor.save();
    await expect(this.editor.dialog).toBeHidden();
    if (fields.name) await expect(this.tierRow(fields.name)).toBeVisible();
  }

  async editTier(name: string, fields: TierFields): Promise<void> {
    await this.tierRow(name).getByRole('button', { name: 'Edit' }).click();
    await this.editor.fill(fields);
    await this.editor.save();
  }

  async publish(): Promise<void> {
    await this.page.getByRole('button', { name: 'Publish' }).click();
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('published');
  }

  tierRow(name: string): Locator {
    return this.page.locator(`tr[data-tier="${name}"]`);
  }

  /** "3/200 sold" as the capacity column shows it. */
  capacityOf(name: string): Locator {
    return this.tierRow(name).locator('.capacity-text');
  }

  deleteButton(name: string): Locator {
    return this.tierRow(name).getByRole('button', { name: 'Delete' });
  }

  async deleteTier(name: string): Promise<void> {
    await this.deleteButton(name).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete tier' }).click();
    await expect(this.tierRow(name)).toHaveCount(0);
  }
}
