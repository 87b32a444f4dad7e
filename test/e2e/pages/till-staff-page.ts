import { expect, type Locator, type Page } from '@playwright/test';

/** A till's staff side: the PIN keypad, who is signed in, and Sign out. */
export class TillStaffPage {
  constructor(private readonly page: Page) {}

  keypad(): Locator {
    return this.page.getByRole('group', { name: 'PIN keypad' });
  }

  /** Taps the PIN on the on-screen keypad, as on a touch till. */
  async tapPin(pin: string): Promise<void> {
    await expect(this.keypad()).toBeVisible();
    for (const digit of pin) await this.keypad().getByRole('button', { name: digit, exact: true }).click();
    await this.keypad().getByRole('button', { name: 'Enter' }).click();
  }

  /** Types the PIN on the physical keyboard, then Enter. */
  async typePin(pin: string): Promise<void> {
    await expect(this.keypad()).toBeVisible();
    await this.page.keyboard.type(pin);
    await this.page.keyboard.press('Enter');
  }

  signedIn(): Locator {
    return this.page.getByTestId('staff-chip');
  }

  async signOut(name: string): Promise<void> {
    await this.signedIn()
      .getByRole('button', { name: `Sign out ${name}` })
      .click();
    await expect(this.keypad()).toBeVisible();
  }
}
