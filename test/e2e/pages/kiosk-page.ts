import { expect, type Locator, type Page } from '@playwright/test';

/** The self-service kiosk (/kiosk), signed in with a kiosk key (or its pairing code) as a browser kiosk is. */
export class KioskPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Signs in at /kiosk with a kiosk key or a kiosk pairing code. */
  async open(keyOrPairingCode: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/kiosk`);
    const field = this.page.getByLabel('Kiosk key or pairing code');
    await field.fill(keyOrPairingCode);
    await field.press('Enter');
    await expect(this.page.getByRole('heading', { name: /Choose your (tickets|event)/ })).toBeVisible();
  }

  tier(name: string): Locator {
    return this.page.locator(`button.kiosk-card[data-tier="${name}"]`);
  }

  async applyCode(code: string): Promise<void> {
    await this.page.getByRole('button', { name: 'I have an access code' }).click();
    await this.page.getByLabel('Access code').fill(code);
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  async more(times: number): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.getByRole('button', { name: 'One more' }).click();
  }

  quantity(): Locator {
    return this.page.getByTestId('kiosk-quantity');
  }

  total(): Locator {
    return this.page.getByTestId('kiosk-total');
  }

  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  async enterEmail(email: string, name?: string): Promise<void> {
    await this.page.getByLabel('Email (we send your tickets here)').fill(email);
    if (name !== undefined) await this.page.getByLabel('Name (optional)').fill(name);
  }

  async payByCard(): Promise<void> {
    await this.page.getByRole('button', { name: 'Pay by card' }).click();
    await expect(this.attendant()).toBeVisible();
  }

  attendant(): Locator {
    return this.page.getByRole('complementary', { name: 'Attendant' });
  }

  async attendantDeclines(): Promise<void> {
    await this.attendant().getByRole('button', { name: 'Declined' }).click();
  }

  /** The attendant types the PIN and approves (the server checks the PIN). */
  async attendantApproves(pin: string): Promise<void> {
    await this.attendant().getByLabel('Attendant PIN').fill(pin);
    await this.attendant().getByRole('button', { name: 'Approved' }).click();
  }

  doorQrs(): Locator {
    return this.page.locator('img.kiosk-door-qr');
  }

  walletQrs(): Locator {
    return this.page.locator('img.kiosk-wallet-qr');
  }
}
