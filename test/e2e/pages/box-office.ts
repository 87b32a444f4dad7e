import { expect, type Page } from '@playwright/test';
import { adminKey, type VenueServer } from '../support/venue-server.js';
import { EventsPage } from './events-page.js';
import { LoginPage } from './login-page.js';
import { OrdersPage } from './orders-page.js';
import { SellPage } from './sell-page.js';
import { SettingsPage } from './settings-page.js';

/** The whole UI for one test: its screens as page models, and the server behind them. */
export class BoxOffice {
  readonly login: LoginPage;
  readonly events: EventsPage;
  readonly sell: SellPage;
  readonly orders: OrdersPage;
  readonly settings: SettingsPage;

  constructor(
    readonly page: Page,
    readonly server: VenueServer,
  ) {
    this.login = new LoginPage(page, server.url);
    this.events = new EventsPage(page);
    this.sell = new SellPage(page);
    this.orders = new OrdersPage(page);
    this.settings = new SettingsPage(page);
  }

  async signIn(key = adminKey): Promise<void> {
    await this.login.open('/events');
    await this.login.signIn(key);
    await expect(this.page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  }

  /** Moves between screens with the nav, as staff do (a reload would re-ask for nothing: the key is in sessionStorage). */
  async go(
    screen:
      | 'Sell'
      | 'Orders'
      | 'Events & tiers'
      | 'Monitor'
      | 'Shift'
      | 'Reports'
      | 'Audit'
      | 'Webhooks'
      | 'Settings',
  ): Promise<void> {
    const link = this.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: screen });
    // The nav does not move while the header fills in after sign-in (header-steady.e2e.ts).
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
  }
}
