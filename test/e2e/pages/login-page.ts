import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  readonly keyInput: Locator;

  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {
    this.keyInput = page.getByLabel('API key');
  }

  async open(path = '/'): Promise<void> {
    await this.page.goto(`${this.baseUrl}${path}`);
  }

  async signIn(key: string): Promise<void> {
    await this.keyInput.fill(key);
    await this.keyInput.press('Enter');
  }

  error(): Locator {
    return this.page.locator('.field-error');
  }
}
