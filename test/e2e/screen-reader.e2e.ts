import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { KioskPage } from './pages/kiosk-page.js';
import { MonitorPage } from './pages/monitor-page.js';
import { WalletPage } from './pages/wallet-page.js';
import { pairDoorKey } from './support/door-key.js';
import { doorNight } from './support/door-night.js';
import type { VenueServer } from './support/venue-server.js';

interface Created {
  id: string;
}

/** A kiosk open on one published show with one tier (Standard, $25.00, 50 left). */
async function kioskOnTonight(server: VenueServer, page: Page): Promise<KioskPage> {
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Late Night Jazz',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'Standard', price_cents: 2500, quantity: 50, max_per_order: 4 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  await server.api('PATCH', '/v2/settings', { kiosk_attendant_pin: '482913' });
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Lobby kiosk',
    scope: 'kiosk',
  });
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(key.secret);
  return kiosk;
}

async function scan(server: VenueServer, doorKey: string, token: string): Promise<void> {
  const res = await fetch(`${server.url}/v2/scan/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${doorKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
}

test('the scan monitor says each new scan, verdict and door and why, in words; the log read at opening is not news', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const monitor = new MonitorPage(page);
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Quiet Listening',
    venue: 'Hall',
    doors_at: new Date(Date.now() + 3_600_000).toISOString(),
    tickets: [{ name: 'Entry', price_cents: 500, quantity: 10 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const order = await server.api<{ tickets: { qr_token: string }[] }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]?.id, quantity: 2 }],
    payment_method: 'cash',
  });
  const [first, second] = order.tickets.map((t) => t.qr_token);
  const { key: door } = await pairDoorKey(server, event.id, 'North gate');
  // Before the monitor opens: history.
  await scan(server, door, first ?? '');

  await boxOffice.go('Monitor');
  await expect(page).toHaveURL(new RegExp(`/monitor/${event.id}$`));
  await expect(monitor.feedStatus()).toHaveText(/Live/);
  await expect(monitor.insideCount()).toHaveText('1');
  const announcer = page.getByTestId('scan-announcer');
  await expect(announcer).toHaveRole('status');
  await expect(announcer).toHaveText('');

  await scan(server, door, second ?? '');
  await expect(announcer).toHaveText('Admitted at North gate.');
  await scan(server, door, second ?? '');
  await expect(announcer).toHaveText('Rejected at North gate: Already used: this ticket is inside.');
  // In the log the verdict is a word beside its colour, not the colour alone.
  await expect(page.locator('.scan-row').first().locator('.badge')).toHaveText('Rejected');
});

test('the kiosk says the total as it changes, and a refused email takes the keyboard with its reason', async ({
  server,
  page,
}) => {
  const kiosk = await kioskOnTonight(server, page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Standard $25.00 50 left' }).click();
  const total = page.getByRole('status').filter({ hasText: 'Total' });
  await expect(total).toHaveText('Total $25.00');
  await kiosk.more(1);
  await expect(total).toHaveText('Total $50.00');

  await page.getByRole('button', { name: 'Continue' }).click();
  const email = page.getByLabel('Email (we send your tickets here)');
  await email.fill('ada-at-example');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That does not look like an email address. Please check it, like ada@example.com.',
  );
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/does not look like an email address/);
});

test('the kiosk by keyboard alone: each step’s heading takes the keyboard, so a screen reader says which step it is', async ({
  server,
  page,
}) => {
  const kiosk = await kioskOnTonight(server, page);
  const step = (name: string) => page.getByRole('heading', { level: 1, name });

  // Each press takes away the control that made it (a card, Continue, Approved): the new step's
  // heading has the keyboard, not the page's body, which a screen reader reads as nothing.
  await expect(step('Choose your tickets')).toBeFocused();
  const standard = page.getByRole('button', { name: 'Standard $25.00 50 left' });
  await expect(standard).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(standard).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step('How many?')).toBeFocused();

  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'One more' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Total' })).toHaveText('Total $50.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(continueButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step('Your details')).toBeFocused();

  // Back, and forward again: still never the body.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step('How many?')).toBeFocused();
  await expect(continueButton).toBeEnabled();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(continueButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step('Your details')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email (we send your tickets here)')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  await expect(step('Pay by card')).toBeFocused();

  // The attendant takes the card and approves with the PIN, by keyboard too.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(kiosk.attendant().getByLabel('Attendant PIN')).toBeFocused();
  await page.keyboard.type('482913');
  await page.keyboard.press('Enter');
  await expect(step('Enjoy the show!')).toBeFocused();

  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(done).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step('Choose your tickets')).toBeFocused();
});

test('the wallet’s code says which ticket it is and what to do with it, and the ticket number says what it is', async ({
  server,
  page,
}) => {
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Late Night Jazz',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'Standard', price_cents: 2500, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const order = await server.api<{ tickets: { id: string; wallet_url: string }[] }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]?.id, quantity: 1 }],
    buyer: { name: 'Ada Blind', email: 'ada@example.com' },
    payment_method: 'card',
  });
  const ticket = order.tickets[0]!;
  const wallet = new WalletPage(page);
  // The page's clock is Playwright's, so the seconds the page ticks through pass when told.
  await page.clock.install();
  await page.goto(ticket.wallet_url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The code the wallet app draws on the phone: "Ticket QR code" said neither whose nor what for.
  await expect(wallet.code()).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(1);
  await expect(wallet.code()).toHaveAccessibleName(
    "Door code of this ticket (Standard, Ada Blind): hold the screen up to the steward's scanner at the door.",
  );
  await expect(page.getByText(`Ticket number ${ticket.id}`, { exact: true })).toBeVisible();

  // The offline note is a status: said once, not again each second the page redraws its code.
  await expect(wallet.offlineNote()).toHaveText(/^Works offline until/);
  await page.evaluate(`(() => {
    window.liveChanges = [];
    for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) {
      new MutationObserver(() => window.liveChanges.push(region.id)).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    }
  })()`);
  await page.clock.runFor(5_000);
  expect(await page.evaluate('window.liveChanges')).toEqual([]);
});

test('a door paired by keyboard alone: the keyboard goes on to Start scanning, and the event is the page’s heading', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission'], { title: 'Quiet Listening' });
  const door = new DoorPage(page, server.url);
  await door.open();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Door name')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Or paste the pairing code')).toBeFocused();
  await page.keyboard.type(await night.pairingCode());
  await page.keyboard.press('Enter');
  // The Pair button went with the pairing form: the keyboard is not left on the page's body.
  const start = page.getByRole('button', { name: 'Start scanning' });
  await expect(start).toBeFocused({ timeout: 20_000 });
  // Paired, the page still has a first-level heading (the event), above "Find a guest".
  await expect(page.getByRole('heading', { level: 1, name: 'Quiet Listening' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Find a guest' })).toBeVisible();

  // Finding a guest: the list appears below the field; a screen reader hears what was found.
  await night.sell('General admission', 'Ada Blind', 2);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Guest name or order id')).toBeFocused();
  const news = page.getByTestId('door-lookup-news');
  await expect(news).toHaveRole('status');
  await page.keyboard.type('a');
  await expect(news).toHaveText('Type at least 2 letters.');
  await page.keyboard.type('da');
  await expect(page.getByRole('list', { name: 'Guests found' }).getByRole('listitem')).toHaveCount(2);
  await expect(news).toHaveText('2 guests found.');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('zz');
  await expect(news).toHaveText('Nobody of this event matches.');
});
