import { expect, type Locator, type Page } from '@playwright/test';
import { doorDeadlineKey } from '../../../src/renderer/src/lib/door-deadline.js';
import { wedgeScan } from '../support/wedge-scan.js';

/** The door's online deadline in these tests: the expect timeout's length, not the real 300 ms. */
export const patientDeadlineMs = 10_000;

/** The browser door page (/door): pairing, camera scanning and the verdict. */
export class DoorPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /**
   * Opens the unpaired door with a patient deadline (stored before pairing, which makes the
   * door's device), so an answer from a server slowed by a loaded machine is still the server's.
   * A test of the offline path makes the server really unreachable instead (halt, setOffline).
   */
  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/door`);
    await expect(this.page.getByRole('heading', { name: 'Pair this door' })).toBeVisible();
    await this.setDeadline(patientDeadlineMs);
  }

  /** Stores the door's online deadline (null: none, the real 300 ms); the next pairing uses it. */
  async setDeadline(ms: number | null): Promise<void> {
    const key = JSON.stringify(doorDeadlineKey);
    // A string: the e2e tests are type-checked without the DOM library.
    await this.page.evaluate(
      ms === null
        ? `localStorage.removeItem(${key})`
        : `localStorage.setItem(${key}, ${JSON.stringify(String(ms))})`,
    );
  }

  async nameDoor(name: string): Promise<void> {
    await this.page.getByLabel('Door name').fill(name);
  }

  /** Pairs by holding the pairing QR up to the camera (the fake camera shows it). */
  async pairWithCamera(): Promise<void> {
    await this.page.getByRole('button', { name: 'Scan the pairing QR' }).click();
    await this.expectPaired();
  }

  async pairByPasting(code: string): Promise<void> {
    await this.page.getByLabel('Or paste the pairing code').fill(code);
    await this.page.getByRole('button', { name: 'Pair', exact: true }).click();
    await this.expectPaired();
  }

  async expectPaired(): Promise<void> {
    await expect(this.page.getByRole('button', { name: 'Start scanning' })).toBeVisible({ timeout: 20_000 });
  }

  async startScanning(): Promise<void> {
    await this.page.getByRole('button', { name: 'Start scanning' }).click();
    await expect(this.page.getByLabel('Camera: ticket QR')).toBeVisible();
  }

  /** Types a ticket code into the door's manual field, as for a phone whose screen will not scan. */
  async typeCode(code: string): Promise<void> {
    const field = this.page.getByLabel('Ticket code');
    if (!(await field.isVisible())) await this.page.getByText('Type or paste a ticket code').click();
    await field.fill(code);
    await this.page.getByRole('button', { name: 'Check', exact: true }).click();
  }

  /** A keyboard-wedge scanner's code and Enter into whatever has the focus (support/wedge-scan.ts). */
  async wedgeScan(code: string): Promise<void> {
    await wedgeScan(this.page, code);
  }

  /** Finds a guest by name or order id and admits them by hand with a reason. */
  async admitByName(q: string, name: string, reason: string): Promise<void> {
    await this.page.getByLabel('Guest name or order id').fill(q);
    await this.page.getByRole('list', { name: 'Guests found' }).getByRole('button', { name }).click();
    await this.page
      .getByRole('form', { name: 'Admit by hand' })
      .getByRole('button', { name: reason })
      .click();
    await this.page.getByRole('button', { name: 'Admit', exact: true }).click();
  }

  occupancy(): Locator {
    return this.page.getByTestId('door-occupancy');
  }

  tier(): Locator {
    return this.page.getByTestId('verdict-tier');
  }

  verdict(): Locator {
    return this.page.locator('.door-verdict');
  }

  /**
   * Taps the verdict away as a steward does, once it takes taps: a tap before then (aria-disabled,
   * about half a second) is ignored by design, and the next key (Esc for a form beneath) would
   * close the verdict instead of reaching the page.
   */
  async dismissVerdict(): Promise<void> {
    await expect(this.verdict()).not.toHaveAttribute('aria-disabled', 'true');
    await this.verdict().click();
    await expect(this.verdict()).toHaveCount(0);
  }

  connection(): Locator {
    return this.page.getByTestId('door-connection');
  }

  /** The "N conflicts" pill: a button that opens the list of scans the server saw differently. */
  conflicts(): Locator {
    return this.page.getByRole('button', { name: /^\d+ conflicts?$/ });
  }

  conflictList(): Locator {
    return this.page.getByRole('region', { name: 'Conflicts to check' });
  }

  queued(): Locator {
    return this.page.getByTestId('door-queued');
  }
}
